import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

ACT_FNS = {
    "softplus": functools.partial(F.softplus, beta=100.0),
    "elu": F.elu,
    "sine": torch.sin,
}
NORMS = {
    "layer": nn.LayerNorm,
    "group": lambda w: nn.GroupNorm(8, w),
    "none": lambda w: nn.Identity(),
}


class HullSDF(nn.Module):
    def __init__(self, latent_dim, width, depth, act="softplus", norm="none", normalize_latent=False):
        super().__init__()
        dims = [3 + latent_dim] + [width] * depth
        self.linears = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.norms = nn.ModuleList(NORMS[norm](width) for _ in range(depth))
        self.act = ACT_FNS[act]
        self.normalize_latent = normalize_latent
        self.out = nn.Linear(width, 1)

    def forward(self, xyz, z):
        if self.normalize_latent:
            z = F.normalize(z, dim=-1)
        h = torch.cat([xyz, z], dim=-1)
        for lin, norm in zip(self.linears, self.norms):
            h = self.act(norm(lin(h)))
        return self.out(h).squeeze(-1)


def build_decoder(**kwargs):
    return HullSDF(**kwargs)
