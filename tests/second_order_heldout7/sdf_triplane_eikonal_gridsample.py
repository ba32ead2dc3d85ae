"""Neural SDF on a tri-plane feature volume (EG3D-style planes, IGR/NeuS-style losses).

Point features are bilinearly sampled from three axis-aligned planes and decoded by a small MLP; the
surface loss pins sdf(points on surface) to 0 and the Eikonal term asks |grad_x sdf| = 1 everywhere.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class TriPlane(nn.Module):
    def __init__(self, res=64, channels=16):
        super().__init__()
        self.planes = nn.Parameter(0.1 * torch.randn(3, channels, res, res))

    @staticmethod
    def sample_plane(plane, uv):
        # plane: (C, H, W); uv: (N, 2) in [-1, 1]
        out = F.grid_sample(plane[None], uv[None, :, None, :], mode="bilinear", padding_mode="border",
                            align_corners=True)
        return out[0, :, :, 0].t()

    def forward(self, xyz):
        xy, yz, xz = xyz[:, [0, 1]], xyz[:, [1, 2]], xyz[:, [0, 2]]
        return (self.sample_plane(self.planes[0], xy) + self.sample_plane(self.planes[1], yz)
                + self.sample_plane(self.planes[2], xz))


class SDFDecoder(nn.Module):
    def __init__(self, channels=16, hidden=64, beta=100.0):
        super().__init__()
        self.fc1 = nn.Linear(channels + 3, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.beta = beta

    def forward(self, feat, xyz):
        h = F.softplus(self.fc1(torch.cat([feat, xyz], dim=-1)), beta=self.beta)
        h = F.softplus(self.fc2(h), beta=self.beta)
        return self.out(h).squeeze(-1)


class TriPlaneSDF(nn.Module):
    def __init__(self):
        super().__init__()
        self.field = TriPlane()
        self.decoder = SDFDecoder()

    def forward(self, xyz):
        return self.decoder(self.field(xyz), xyz)


def sdf_and_normal(model, xyz):
    xyz = xyz.requires_grad_(True)
    sdf = model(xyz)
    (normal,) = torch.autograd.grad(sdf, xyz, torch.ones_like(sdf), create_graph=True)
    return sdf, normal


def train(surface_pts, surface_normals, steps=1000, lam_eik=0.1, lam_n=1.0):
    model = TriPlaneSDF()
    opt = torch.optim.Adam([{"params": model.field.parameters(), "lr": 1e-2},
                            {"params": model.decoder.parameters(), "lr": 1e-3}])
    for it in range(steps):
        idx = torch.randint(0, surface_pts.shape[0], (512,))
        on = surface_pts[idx]
        off = torch.rand(512, 3) * 2 - 1
        sdf_on, n_on = sdf_and_normal(model, on)
        _, n_off = sdf_and_normal(model, off)
        loss_surf = sdf_on.abs().mean()
        loss_normal = (1 - F.cosine_similarity(n_on, surface_normals[idx], dim=-1)).mean()
        loss_eik = ((n_off.norm(dim=-1) - 1) ** 2).mean()
        loss = loss_surf + lam_n * loss_normal + lam_eik * loss_eik
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 100 == 0:
            print(f"{it}: surf {loss_surf.item():.4f} eik {loss_eik.item():.4f}")
    return model


if __name__ == "__main__":
    theta = torch.rand(256) * 2 * math.pi
    phi = torch.rand(256) * math.pi
    pts = 0.5 * torch.stack([phi.sin() * theta.cos(), phi.sin() * theta.sin(), phi.cos()], -1)
    train(pts, pts / pts.norm(dim=-1, keepdim=True), steps=2)
