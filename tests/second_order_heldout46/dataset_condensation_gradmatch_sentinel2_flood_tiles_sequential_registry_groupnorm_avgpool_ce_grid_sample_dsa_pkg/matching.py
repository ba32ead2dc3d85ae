import math

import torch
import torch.nn.functional as F


def dsa_affine(x, seed, scale, rotate_deg):
    """Differentiable siamese augmentation: the same random scale/rotation for real and synthetic batches."""
    g = torch.Generator().manual_seed(seed)
    n = x.shape[0]
    s = 1 + scale * (2 * torch.rand(n, generator=g) - 1)
    a = math.radians(rotate_deg) * (2 * torch.rand(n, generator=g) - 1)
    theta = torch.stack([torch.stack([s * torch.cos(a), -s * torch.sin(a), torch.zeros(n)], 1),
                         torch.stack([s * torch.sin(a), s * torch.cos(a), torch.zeros(n)], 1)], 1)
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    return F.grid_sample(x, grid, align_corners=False, padding_mode="border")


def layer_distance(gs, gr):
    if gs.dim() == 1:  # biases / norm affine parameters are skipped, as in the reference implementation
        return gs.new_zeros(())
    gs, gr = gs.reshape(gs.shape[0], -1), gr.reshape(gr.shape[0], -1)
    return (1 - (gs * gr).sum(-1) / (gs.norm(dim=-1) * gr.norm(dim=-1) + 1e-6)).sum()


def class_match_loss(net, params, x_real, y_real, x_syn, y_syn, seed, cfg):
    if cfg.dsa:
        x_real = dsa_affine(x_real, seed, cfg.dsa_scale, cfg.dsa_rotate_deg)
        x_syn = dsa_affine(x_syn, seed, cfg.dsa_scale, cfg.dsa_rotate_deg)
    loss_real = F.cross_entropy(net(x_real), y_real)
    g_real = [g.detach() for g in torch.autograd.grad(loss_real, params)]
    loss_syn = F.cross_entropy(net(x_syn), y_syn)
    g_syn = torch.autograd.grad(loss_syn, params, create_graph=True)
    return sum(layer_distance(gs, gr) for gs, gr in zip(g_syn, g_real))
