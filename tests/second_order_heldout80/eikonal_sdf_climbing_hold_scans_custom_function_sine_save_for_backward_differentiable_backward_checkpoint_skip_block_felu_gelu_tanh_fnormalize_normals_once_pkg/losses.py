import torch
import torch.nn.functional as F


def sdf_gradient(model, pts):
    pts = pts.requires_grad_(True)
    sdf = model(pts)
    (grad,) = torch.autograd.grad(sdf.sum(), pts, create_graph=True)
    return sdf, grad


def eikonal_loss(grad):
    return (grad.norm(dim=-1) - 1.0).pow(2).mean()


def normal_alignment_loss(grad, normals):
    unit = F.normalize(grad, dim=-1)
    return (1.0 - (unit * normals).sum(-1)).mean()


def off_surface_loss(sdf, alpha=50.0):
    return torch.exp(-alpha * sdf.abs()).mean()
