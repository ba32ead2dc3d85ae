"""Potential network evaluated with weights produced per scene, and the physics helpers."""
import math

import torch
import torch.nn.functional as F


def layer_shapes(sizes):
    shapes = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        shapes.append(((fan_out, fan_in), (fan_out,)))
    return shapes


def count_params(sizes):
    return sum(math.prod(w) + math.prod(b) for w, b in layer_shapes(sizes))


def split_flat(flat, sizes):
    """(B, P) flat hypernet output -> list of per-scene (W, b) tensors."""
    layers, off = [], 0
    for w_shape, b_shape in layer_shapes(sizes):
        nw, nb = math.prod(w_shape), math.prod(b_shape)
        w = flat.narrow(1, off, nw).view(-1, *w_shape)
        b = flat.narrow(1, off + nw, nb).view(-1, *b_shape)
        layers.append((w / math.sqrt(w_shape[1]), b))
        off += nw + nb
    return layers


def potential(xy, layers):
    """phi for xy of shape (B, N, 2) with scene-specific layers."""
    h = xy
    for i, (w, b) in enumerate(layers):
        h = torch.bmm(h, w.transpose(1, 2)) + b.unsqueeze(1)
        if i < len(layers) - 1:
            h = F.selu(h)
    return h.squeeze(-1)


def electric_field(xy, layers):
    xy = xy.requires_grad_(True)
    phi = potential(xy, layers)
    (grad_phi,) = torch.autograd.grad(phi.sum(), xy, create_graph=True)
    return -grad_phi, phi


def line_charge_reference(xy, cond):
    """Analytic 2-D field of a row of discharge wires between grounded plates (images truncated), used as data."""
    volt, spacing, gap = cond[:, 0:1], cond[:, 1:2], cond[:, 2:3]
    wires_x = torch.stack([-spacing, torch.zeros_like(spacing), spacing], dim=-1)  # (B, 1, 3)
    dx = xy[..., 0:1] - wires_x
    dy = xy[..., 1:2]
    r2 = dx ** 2 + dy ** 2 + 1e-3
    k = volt.unsqueeze(-1)
    ex = (k * dx / r2).sum(-1) - 0.2 * k[..., 0] * xy[..., 1] / gap
    ey = (k * dy / r2).sum(-1)
    return torch.stack([ex, ey], dim=-1)
