from dataclasses import dataclass

import torch

from models import DeflectionNet
from physics import membrane_residual


@dataclass
class PlateConfig:
    width: int = 32
    depth: int = 3
    activation: str = "tanh"
    stiffness: float = 1.0
    lr: float = 1e-3


cfg = PlateConfig(activation="prelu", depth=2)
model = DeflectionNet(cfg)
optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)

for it in range(3):
    xy = torch.rand(64, 2) * 2 - 1
    load = torch.exp(-((xy ** 2).sum(-1, keepdim=True)) / 0.1)
    rim = torch.nn.functional.normalize(torch.randn(32, 2), dim=-1)
    loss = membrane_residual(model, xy, load, cfg.stiffness).pow(2).mean() + model(rim).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
