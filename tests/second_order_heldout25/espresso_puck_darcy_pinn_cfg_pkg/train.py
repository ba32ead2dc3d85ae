from dataclasses import dataclass

import torch

from models import PressureNet
from physics import boundary_loss, darcy_residual


@dataclass
class PuckConfig:
    width: int = 32
    depth: int = 3
    activation: str = "tanh"
    lr: float = 1e-3
    steps: int = 3


def main():
    cfg = PuckConfig(activation="hswish")
    pnet = PressureNet(cfg)
    opt = torch.optim.Adam(pnet.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        interior = torch.rand(256, 2)
        top = torch.cat([torch.rand(64, 1), torch.ones(64, 1)], 1)
        bottom = torch.cat([torch.rand(64, 1), torch.zeros(64, 1)], 1)
        loss = darcy_residual(pnet, interior).pow(2).mean() + boundary_loss(pnet, top, bottom)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
