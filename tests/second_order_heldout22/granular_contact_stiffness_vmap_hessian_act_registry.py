"""Learned contact potential for a granular-material (sand grain) simulator. The per-contact stiffness is
the Hessian of the potential w.r.t. the contact gap vector, computed per sample with torch.func, and
fitted to DEM stiffness measurements."""
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.func import functional_call, hessian, vmap

ACTIVATIONS = {
    "hswish": nn.Hardswish,
    "silu": nn.SiLU,
    "tanh": nn.Tanh,
}


@dataclass
class ContactConfig:
    width: int = 24
    activation: str = "silu"


class ContactPotential(nn.Module):
    def __init__(self, cfg: ContactConfig):
        super().__init__()
        act = ACTIVATIONS[cfg.activation]
        self.net = nn.Sequential(nn.Linear(3, cfg.width), act(), nn.Linear(cfg.width, cfg.width), act(),
                                 nn.Linear(cfg.width, 1))

    def forward(self, gap):
        return self.net(gap).squeeze(-1)


cfg = ContactConfig(activation="hswish")
pot = ContactPotential(cfg)
params = dict(pot.named_parameters())


def energy(p, gap):
    return functional_call(pot, p, (gap.unsqueeze(0),)).squeeze(0)


stiffness = vmap(hessian(energy, argnums=1), in_dims=(None, 0))
opt = torch.optim.Adam(pot.parameters(), lr=1e-3)
for step in range(3):
    gaps = torch.randn(16, 3) * 0.1
    k_dem = torch.eye(3).expand(16, 3, 3) * 50.0
    K = stiffness(params, gaps)
    loss = ((K - k_dem) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
