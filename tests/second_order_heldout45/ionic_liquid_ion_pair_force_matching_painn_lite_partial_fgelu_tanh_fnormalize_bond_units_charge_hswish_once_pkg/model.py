"""PaiNN-lite: scalar filters + an equivariant vector channel built from unit bond vectors."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

import registry


class Interaction(nn.Module):
    def __init__(self, cfg, act):
        super().__init__()
        f = cfg.features
        self.act = act
        self.filt = nn.Linear(cfg.n_rbf, 2 * f)
        self.value = nn.Linear(f, 2 * f)
        self.update = nn.Linear(2 * f, f)
        self.norm = registry.get(registry.NORMS, cfg.norm)(f)

    def forward(self, x, rbf, fcut, unit):
        w_s, w_v = (self.act(self.filt(rbf)) * fcut[..., None]).chunk(2, dim=-1)   # (B, N, N, F) each
        v_s, v_v = self.value(x).chunk(2, dim=-1)                                     # (B, N, F) each
        m = (w_s * v_s[:, None]).sum(2)
        vec = (unit[..., None] * (w_v * v_v[:, None])[..., None, :]).sum(2)          # (B, N, 3, F)
        inv = vec.pow(2).sum(2)
        return self.norm(x + self.act(self.update(torch.cat([m, inv], dim=-1))))


class PaiNNLite(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        act = registry.get(registry.ACTS, cfg.act)
        self.embed = nn.Embedding(cfg.n_types, cfg.features)
        self.blocks = nn.ModuleList([Interaction(cfg, act) for _ in range(cfg.blocks)])
        self.energy_head = nn.Sequential(nn.Linear(cfg.features, cfg.features), nn.SiLU(), nn.Linear(cfg.features, 1))
        self.charge_head = nn.Sequential(nn.Linear(cfg.features, 16), nn.Hardswish(), nn.Linear(16, 1))
        self.register_buffer("mu", torch.linspace(0.0, cfg.cutoff, cfg.n_rbf))

    def geometry(self, pos):
        n = pos.shape[1]
        eye = torch.eye(n, dtype=pos.dtype)
        rij = pos[:, None, :, :] - pos[:, :, None, :] + eye[None, :, :, None]       # shift self-pairs off zero
        dist = rij.pow(2).sum(-1).sqrt()
        unit = F.normalize(rij, dim=-1)
        rbf = torch.exp(-4.0 * (dist[..., None] - self.mu) ** 2)
        fcut = 0.5 * (torch.cos(math.pi * dist / self.cfg.cutoff) + 1.0) * (dist < self.cfg.cutoff) * (1 - eye)
        return rbf, fcut, unit

    def forward(self, z, pos):
        rbf, fcut, unit = self.geometry(pos)
        x = self.embed(z)
        for block in self.blocks:
            x = block(x, rbf, fcut, unit)
        energy = self.energy_head(x).squeeze(-1).sum(1)
        charges = self.charge_head(x).squeeze(-1)
        charges = charges - charges.mean(1, keepdim=True)                              # neutral ion pair
        dipole = (charges[..., None] * pos).sum(1)
        return energy, dipole, x
