"""Denoising score matching with an energy-parameterised score s(x) = -dE/dx for short vibration windows
recorded on a church bell tower (anomaly scoring by energy)."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class EnergyConfig:
    window: int = 24
    hidden: int = 32
    sigma: float = 0.1
    epochs: int = 3


class TowerEnergy(nn.Module):
    def __init__(self, window, hidden):
        super().__init__()
        self.conv = nn.Conv1d(1, 4, 5, padding=2)
        self.fc1 = nn.Linear(4 * window, hidden)
        self.fc2 = nn.Linear(hidden, 1)

    @classmethod
    def from_config(cls, cfg: EnergyConfig):
        return cls(cfg.window, cfg.hidden)

    def forward(self, x):
        h = F.hardswish(self.conv(x.unsqueeze(1))).flatten(1)
        h = -F.logsigmoid(self.fc1(h))
        return self.fc2(h).squeeze(-1)

    def score(self, x):
        if not x.requires_grad:
            x = x.requires_grad_(True)
        e = self(x).sum()
        return -torch.autograd.grad(e, x, create_graph=self.training)[0]


def dsm_loss(model, x, sigma):
    noise = torch.randn_like(x) * sigma
    x_noisy = x + noise
    target = -noise / sigma ** 2
    return 0.5 * sigma ** 2 * (model.score(x_noisy) - target).pow(2).sum(-1).mean()


def main(cfg=EnergyConfig()):
    torch.manual_seed(0)
    model = TowerEnergy.from_config(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    t = torch.linspace(0, 6.28, cfg.window)
    data = torch.sin(t * (1 + torch.rand(48, 1))) + 0.05 * torch.randn(48, cfg.window)
    model.train()
    for ep in range(cfg.epochs):
        loss = dsm_loss(model, data, cfg.sigma)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())


if __name__ == "__main__":
    main()
