"""Fit signed distance fields of glacial erratic boulders from surface scans.

Losses (IGR / Gropp et al. 2020 + a Laplacian smoothness prior): |f| on surface points, the eikonal
term (||grad f|| - 1)^2 on random points, and the squared Laplacian of f there.
"""
import torch

from decoder import SDFDecoder
from encoder import PointCloudEncoder

N_SHAPES, N_SURF, N_FREE, STEPS = 2, 48, 32, 3
W_EIK, W_LAP = 0.1, 0.01


def boulder_scan(n_points):
    """Surface samples of a lumpy ellipsoid (stand-in for a photogrammetry scan)."""
    d = torch.randn(n_points, 3)
    d = d / d.norm(dim=-1, keepdim=True)
    axes = torch.tensor([1.0, 0.7, 0.5]) * (0.8 + 0.2 * torch.rand(3))
    bumps = 1.0 + 0.05 * torch.sin(5 * d[:, :1]) * torch.cos(4 * d[:, 1:2])
    return d * axes * bumps


def spatial_gradient(f, xyz, create_graph=True):
    return torch.autograd.grad(f.sum(), xyz, create_graph=create_graph)[0]


def laplacian(grad_f, xyz):
    lap = 0.0
    for i in range(3):
        lap = lap + torch.autograd.grad(grad_f[..., i].sum(), xyz, create_graph=True)[0][..., i]
    return lap


def main():
    torch.manual_seed(19)
    encoder, decoder = PointCloudEncoder(), SDFDecoder()
    opt = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=1e-3)
    scans = torch.stack([boulder_scan(N_SURF) for _ in range(N_SHAPES)])
    for step in range(STEPS):
        code = encoder(scans)
        surf_loss = decoder(scans, code).abs().mean()

        free = (torch.rand(N_SHAPES, N_FREE, 3) * 2.4 - 1.2).requires_grad_(True)
        f_free = decoder(free, code)
        g = spatial_gradient(f_free, free)
        eik_loss = ((g.norm(dim=-1) - 1.0) ** 2).mean()
        lap_loss = laplacian(g, free).pow(2).mean()

        loss = surf_loss + W_EIK * eik_loss + W_LAP * lap_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: surf={surf_loss.item():.4f} eik={eik_loss.item():.4f} lap={lap_loss.item():.4f}")


if __name__ == "__main__":
    main()
