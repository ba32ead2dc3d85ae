import math

import torch
import torch.nn.functional as F

from config import N_FREQ


def fourier(t, n_freq=N_FREQ):
    k = torch.arange(1, n_freq + 1, dtype=t.dtype) * math.pi
    return torch.cat([t, torch.sin(k * t), torch.cos(k * t)], dim=-1)


def dense(h, w, b):
    """Batched linear layer with per-throw weights: h (B, T, in), w (B, out, in), b (B, out)."""
    return torch.bmm(h, w.transpose(1, 2)) + b.unsqueeze(1)


def trajectory(weights, t):
    """t: (B, T, 1) normalised flight time -> (B, T, 2) horizontal / vertical position."""
    h = torch.selu(dense(fourier(t), weights["w1"], weights["b1"]))
    h = F.softplus(dense(h, weights["w2"], weights["b2"]))
    return dense(h, weights["w3"], weights["b3"])


def time_derivative(y, t, create_graph=True):
    comps = [torch.autograd.grad(y[..., i].sum(), t, create_graph=create_graph)[0].squeeze(-1)
             for i in range(y.shape[-1])]
    return torch.stack(comps, dim=-1)
