import torch

import hparams
from layers import FaceSDF


def eikonal(sdf, pts):
    pts = pts.clone().requires_grad_(True)
    d = sdf(pts)
    (n,) = torch.autograd.grad(d.sum(), pts, create_graph=True)
    return (n.norm(dim=-1) - 1.0).pow(2).mean()


def main():
    torch.manual_seed(0)
    sdf = FaceSDF()
    opt = torch.optim.Adam(sdf.parameters(), lr=1e-3)
    for _ in range(hparams.STEPS):
        surface = torch.rand(32, 3)
        space = torch.rand(64, 3) * 2 - 1
        loss = sdf(surface).abs().mean() + hparams.EIKONAL_WEIGHT * eikonal(sdf, space)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
