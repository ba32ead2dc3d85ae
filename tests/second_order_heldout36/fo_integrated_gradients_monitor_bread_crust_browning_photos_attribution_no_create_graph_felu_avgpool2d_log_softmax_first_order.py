"""Bread-crust browning grade classifier (4 grades, 12x12 RGB crops) with an integrated-gradients
attribution monitor that runs every epoch on a fixed probe batch. Attribution uses plain input
gradients (no create_graph) and never feeds the loss.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CrustNet(nn.Module):
    def __init__(self, grades=4):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8 * 6 * 6, grades)

    def forward(self, x):
        h = self.pool(F.elu(self.conv1(x)))
        h = F.elu(self.conv2(h))
        return F.log_softmax(self.fc(h.flatten(1)), dim=1)


def integrated_gradients(model, x, target, steps=8):
    baseline = torch.zeros_like(x)
    total = torch.zeros_like(x)
    for k in range(1, steps + 1):
        point = (baseline + k / steps * (x - baseline)).requires_grad_(True)
        score = model(point).gather(1, target[:, None]).sum()
        (g,) = torch.autograd.grad(score, point)
        total += g
    return (x - baseline) * total / steps


def crust_batch(n):
    y = torch.randint(0, 4, (n,))
    brown = torch.tensor([0.9, 0.6, 0.3])[None, :, None, None] * (1 - 0.2 * y[:, None, None, None])
    return (brown + 0.05 * torch.randn(n, 3, 12, 12)).clamp(0, 1), y


def main(epochs=3):
    torch.manual_seed(17)
    model = CrustNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    probe_x, probe_y = crust_batch(4)
    for epoch in range(epochs):
        x, y = crust_batch(16)
        loss = F.nll_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        attr = integrated_gradients(model, probe_x, probe_y)
        share = attr.abs().sum(dim=(2, 3)) / attr.abs().sum(dim=(1, 2, 3))[:, None]
        print(f"epoch {epoch}: nll={loss.item():.3f} channel share={share.mean(0).tolist()}")


if __name__ == "__main__":
    main()
