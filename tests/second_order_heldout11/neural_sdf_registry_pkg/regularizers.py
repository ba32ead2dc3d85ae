import torch


def surface_normals(f, pts, create_graph):
    pts = pts.requires_grad_(True)
    d = f.sdf(pts)
    (n,) = torch.autograd.grad(d, pts, grad_outputs=torch.ones_like(d), create_graph=create_graph)
    return d, n


def eikonal_term(f, pts, create_graph=False):
    _, n = surface_normals(f, pts, create_graph)
    return (n.norm(dim=-1) - 1.0).pow(2).mean()


def surface_term(f, surf_pts):
    return f.sdf(surf_pts).abs().mean()
