"""Thin-plate (Euler-Bernoulli) flexure on an elastic (hydrostatic) foundation, non-dimensional:

    D w_xxxx + m w_tt + k (w - eta(t)) = 0,   0 < x < 1 (grounding line at x = 0, ice front at x = 1)
    w = w_x = 0 at x = 0 (clamped),   w_xx = w_xxx = 0 at x = 1 (free front)
"""
import math

import torch


def d(u, wrt):
    return torch.autograd.grad(u, wrt, grad_outputs=torch.ones_like(u), create_graph=True)[0]


def tide(t, amp=1.0):
    return amp * (torch.sin(2 * math.pi * 1.9323 * t) + 0.4 * torch.sin(2 * math.pi * 1.0027 * t))


def flexure_residual(net, x, t, D=1e-3, m=1e-4, k=1.0):
    w = net(x, t)
    w_x = d(w, x)
    w_xx = d(w_x, x)
    w_xxxx = d(d(w_xx, x), x)
    w_tt = d(d(w, t), t)
    return D * w_xxxx + m * w_tt + k * (w - tide(t))


def boundary_residuals(net, t):
    zero = torch.zeros_like(t, requires_grad=True)
    one = torch.ones_like(t, requires_grad=True)
    w0 = net(zero, t)
    w1 = net(one, t)
    w1_xx = d(d(w1, one), one)
    return torch.cat([w0, d(w0, zero), w1_xx, d(w1_xx, one)], dim=-1)
