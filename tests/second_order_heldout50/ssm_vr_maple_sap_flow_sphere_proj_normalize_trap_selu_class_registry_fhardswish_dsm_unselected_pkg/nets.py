"""Score network s(x, site) ~ grad_x log p(x | site) for multivariate sap-flow readings."""
import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {
    "selu": nn.SELU,
    "tanh": nn.Tanh,
    "softplus": nn.Softplus,
    "celu": nn.CELU,
}


class GatedResidual(nn.Module):
    def __init__(self, dim, act):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)
        self.act = ACTS[act]()

    def forward(self, h):
        return h + self.act(self.fc(h)) * torch.sigmoid(self.gate(h))


class SapFlowScoreNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Linear(cfg.dim, cfg.hidden)
        self.site = nn.Embedding(cfg.n_sites, cfg.hidden)
        self.blocks = nn.ModuleList([GatedResidual(cfg.hidden, cfg.act) for _ in range(cfg.blocks)])
        self.skip = nn.Linear(cfg.dim, cfg.hidden)
        self.out = nn.Linear(cfg.hidden, cfg.dim)

    def forward(self, x, site):
        h = self.inp(x) + self.site(site)
        for blk in self.blocks:
            h = blk(h)
        h = h + F.hardswish(self.skip(x))
        return self.out(h)
