"""DVGO / Plenoxels-flavoured neural SDF: a dense learnable feature volume sampled trilinearly with
grid_sample, decoded by a small MLP. Eikonal regulariser on random points, surface term on scan points."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class FeatureVolumeSDF(nn.Module):
    def __init__(self, res=16, feat_dim=8, hidden=64, bound=1.0):
        super().__init__()
        self.bound = bound
        self.volume = nn.Parameter(0.01 * torch.randn(1, feat_dim, res, res, res))
        self.decoder = nn.ModuleList([nn.Linear(feat_dim + 3, hidden), nn.Linear(hidden, hidden),
                                      nn.Linear(hidden, 1)])

    def sample(self, xyz):
        grid = (xyz / self.bound).view(1, -1, 1, 1, 3)
        feats = F.grid_sample(self.volume, grid, mode="bilinear", padding_mode="border", align_corners=True)
        return feats.view(self.volume.shape[1], -1).t()

    def forward(self, xyz):
        h = torch.cat([self.sample(xyz), xyz], dim=-1)
        for lin in self.decoder[:-1]:
            h = F.softplus(lin(h), beta=100)
        return self.decoder[-1](h).squeeze(-1)


def sdf_and_normal(model, xyz):
    xyz = xyz.detach().requires_grad_(True)
    d = model(xyz)
    (n,) = torch.autograd.grad(d, xyz, torch.ones_like(d), create_graph=True)
    return d, n


def sphere_scan(n):
    v = torch.randn(n, 3)
    return 0.6 * v / v.norm(dim=-1, keepdim=True), v / v.norm(dim=-1, keepdim=True)


def train(iters=2000, n_surf=1024, n_free=1024, lam_eik=0.1, lam_tv=1e-4):
    model = FeatureVolumeSDF()
    opt = torch.optim.Adam([{"params": [model.volume], "lr": 1e-2},
                            {"params": model.decoder.parameters(), "lr": 1e-3}])
    for it in range(iters):
        pts, normals = sphere_scan(n_surf)
        free = (torch.rand(n_free, 3) * 2 - 1) * model.bound
        d_s, n_s = sdf_and_normal(model, pts)
        _, n_f = sdf_and_normal(model, free)
        eik = ((n_f.norm(dim=-1) - 1) ** 2).mean()
        normal_term = (1 - F.cosine_similarity(n_s, normals, dim=-1)).mean()
        tv = (model.volume[..., 1:, :, :] - model.volume[..., :-1, :, :]).pow(2).mean()
        loss = d_s.abs().mean() + lam_eik * eik + 0.1 * normal_term + lam_tv * tv
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 200 == 0:
            print(f"{it:5d} loss {loss.item():.4f} r={math.sqrt(max(eik.item(), 0)):.3f}")
    return model


if __name__ == "__main__":
    train(iters=2, n_surf=64, n_free=64)
