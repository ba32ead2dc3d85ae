import torch


def eikonal_term(sdf, xyz, z):
    xyz = xyz.requires_grad_(True)
    d = sdf(xyz, z)
    grad, = torch.autograd.grad(d.sum(), xyz, create_graph=True)
    return ((grad.norm(dim=-1) - 1.0) ** 2).mean()


def surface_term(sdf, pts, z):
    return sdf(pts, z).abs().mean()
