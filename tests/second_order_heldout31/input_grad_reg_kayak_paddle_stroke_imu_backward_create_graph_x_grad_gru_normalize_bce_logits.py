"""Input-gradient regularisation of a kayak paddle-stroke quality classifier (IMU windows).

The loss is back-propagated with create_graph=True; the input's .grad is then penalised and
back-propagated again (double backprop, Drucker & LeCun style), so the GRU encoder and the
loss lie on the double path.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class StrokeClassifier(nn.Module):
    def __init__(self, channels=6, hidden=16):
        super().__init__()
        self.gru = nn.GRU(channels, hidden, batch_first=True)
        self.head = nn.Sequential(nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))

    def forward(self, x):
        out, _ = self.gru(x)
        z = F.normalize(out[:, -1], dim=-1)
        return self.head(z)


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--lam", type=float, default=0.1)
    p.add_argument("--lr", type=float, default=3e-3)
    return p.parse_args([])


def imu_batch(n=12, steps=20):
    t = torch.linspace(0, 4, steps)
    good = torch.rand(n) > 0.5
    phase = torch.rand(n, 1) * 3
    sig = torch.sin(2 * t + phase)[:, :, None].repeat(1, 1, 6)
    sig = sig + torch.where(good[:, None, None], 0.05, 0.4) * torch.randn(n, steps, 6)
    return sig, good.float().unsqueeze(1)


def main():
    args = parse()
    torch.manual_seed(0)
    model = StrokeClassifier()
    criterion = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        x, y = imu_batch()
        x.requires_grad_(True)
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward(create_graph=True)
        penalty = args.lam * x.grad.pow(2).sum(dim=(1, 2)).mean()
        penalty.backward()
        opt.step()
        for p in model.parameters():
            p.grad = None
        print(f"epoch {epoch} loss={loss.item():.4f} pen={penalty.item():.5f}")


if __name__ == "__main__":
    main()
