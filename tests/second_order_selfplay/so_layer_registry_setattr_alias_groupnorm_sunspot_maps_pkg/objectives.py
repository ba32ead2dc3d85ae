"""Critic objective: a Wasserstein term plus an optional zero-centred gradient penalty."""
import torch
import torch.nn as nn


class ZeroCentredGP(nn.Module):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight

    def forward(self, critic, maps):
        maps = maps.detach().requires_grad_(True)
        out = critic(maps)
        (g,) = torch.autograd.grad(outputs=out.sum(), inputs=maps, create_graph=True)
        return self.weight * g.flatten(1).pow(2).sum(1).mean()


class CriticObjective(nn.Module):
    def __init__(self, reg):
        super().__init__()
        self.gp = None if reg["gp_weight"] == 0 else ZeroCentredGP(reg["gp_weight"])

    def forward(self, critic, real, fake):
        loss = critic(fake.detach()).mean() - critic(real).mean()
        if self.gp is not None:
            loss = loss + self.gp(critic, real)
        return loss
