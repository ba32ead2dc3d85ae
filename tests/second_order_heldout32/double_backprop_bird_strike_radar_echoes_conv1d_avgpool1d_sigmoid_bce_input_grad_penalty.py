"""Drucker-LeCun double backpropagation for an airport bird-strike radar echo classifier (bird / not bird)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"channels": 6, "length": 32, "lambda_db": 0.1, "epochs": 2, "batch": 16}


class EchoNet(nn.Module):
    def __init__(self, channels, length):
        super().__init__()
        self.conv_a = nn.Conv1d(channels, 12, 5, padding=2)
        self.pool = nn.AvgPool1d(2)
        self.conv_b = nn.Conv1d(12, 12, 3, padding=1)
        self.fc = nn.Linear(12 * (length // 4), 1)

    def forward(self, x):
        h = self.pool(torch.tanh(self.conv_a(x)))
        h = self.pool(F.silu(self.conv_b(h)))
        return torch.sigmoid(self.fc(h.flatten(1))).squeeze(1)


def batches(x, y, bs):
    perm = torch.randperm(len(x))
    for i in range(0, len(x), bs):
        idx = perm[i:i + bs]
        yield x[idx], y[idx]


def train(cfg=CONFIG):
    torch.manual_seed(0)
    net = EchoNet(cfg["channels"], cfg["length"])
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    x = torch.randn(48, cfg["channels"], cfg["length"])
    y = (x[:, 0].mean(1) > 0).float()
    for ep in range(cfg["epochs"]):
        for xb, yb in batches(x, y, cfg["batch"]):
            xb = xb.requires_grad_(True)
            prob = net(xb)
            loss = F.binary_cross_entropy(prob, yb)
            (gx,) = torch.autograd.grad(loss, xb, create_graph=True)
            total = loss + cfg["lambda_db"] * gx.pow(2).sum() / len(xb)
            opt.zero_grad()
            total.backward()
            opt.step()
        print(ep, loss.item())


if __name__ == "__main__":
    train()
