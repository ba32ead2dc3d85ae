"""Data-driven hyperelasticity for EPDM gasket rubber: a neural strain-energy density W(I1, I2, J).

First Piola-Kirchhoff stress P = dW/dF is obtained by autograd (create_graph=True) and fitted to
biaxial test data, so training differentiates the network twice.
"""
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class EnergyConfig:
    dims: list = field(default_factory=lambda: [3, 16, 16, 1])
    lr: float = 2e-3
    stress_weight: float = 1.0


class StrainEnergy(nn.Module):
    def __init__(self, cfg: EnergyConfig):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(cfg.dims[:-1], cfg.dims[1:])])
        self.act = nn.ELU(alpha=1.0)

    def invariants(self, Fdef):
        C = Fdef.transpose(1, 2) @ Fdef
        i1 = (Fdef * Fdef).sum(dim=(1, 2))
        i2 = 0.5 * (i1 ** 2 - (C * C).sum(dim=(1, 2)))
        J = Fdef[:, 0, 0] * Fdef[:, 1, 1] * Fdef[:, 2, 2]
        return torch.stack([i1 - 3.0, i2 - 3.0, J - 1.0], dim=1)

    def forward(self, Fdef):
        h = self.invariants(Fdef)
        for layer in self.layers[:-1]:
            h = self.act(layer(h))
        return F.softplus(self.layers[-1](h)).squeeze(-1)


def piola_stress(model, Fdef):
    Fdef = Fdef.requires_grad_(True)
    W = model(Fdef)
    (P,) = torch.autograd.grad(W.sum(), Fdef, create_graph=True)
    return W, P


def biaxial_batch(n):
    lam1 = 1.0 + 0.4 * torch.rand(n)
    lam2 = 1.0 + 0.4 * torch.rand(n)
    Fdef = torch.diag_embed(torch.stack([lam1, lam2, 1.0 / (lam1 * lam2)], dim=1))
    mu = 0.6
    P_data = mu * (Fdef - torch.linalg.inv(Fdef).transpose(1, 2))
    return Fdef, P_data


def train(cfg=EnergyConfig(), epochs=4):
    torch.manual_seed(3)
    model = StrainEnergy(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for ep in range(epochs):
        Fdef, P_data = biaxial_batch(24)
        W, P = piola_stress(model, Fdef)
        ref = model(torch.eye(3).expand(4, 3, 3).clone())
        loss = cfg.stress_weight * (P - P_data).pow(2).mean() + ref.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {ep}: loss={loss.item():.5f}")
    return model


if __name__ == "__main__":
    train()
