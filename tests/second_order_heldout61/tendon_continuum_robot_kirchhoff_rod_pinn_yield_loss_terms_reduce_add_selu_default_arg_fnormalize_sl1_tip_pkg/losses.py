"""Residuals of the planar Kirchhoff rod, yielded one term at a time."""
import functools
import operator

import torch
import torch.nn.functional as F


def d_ds(y, s):
    return torch.autograd.grad(y, s, torch.ones_like(y), create_graph=True)[0]


def columns(t):
    return [t[:, i:i + 1] for i in range(t.shape[-1])]


def residual_terms(model, batch, rod, deadband):
    s, tension, force = batch["s"].requires_grad_(True), batch["tension"], batch["force"]
    pos, tangent = model(s, tension, force)
    x, y = columns(pos)
    c, sn = columns(tangent)
    x_s, y_s, c_s, sn_s = (d_ds(v, s) for v in (x, y, c, sn))
    theta_s = c * sn_s - sn * c_s
    theta_ss = d_ds(theta_s, s)
    fx, fy = columns(force)
    moment = rod["EI"] * theta_ss + c * fy - sn * fx
    yield "kin_x", (x_s - c).pow(2).mean()
    yield "kin_y", (y_s - sn).pow(2).mean()
    yield "moment", F.softshrink(moment / rod["EI"], deadband).pow(2).mean()

    s0 = torch.zeros_like(s[:1])
    _, t0 = model(s0, tension[:1], force[:1])
    yield "base", (t0 - model.base_dir).pow(2).sum()

    s_tip = torch.full_like(s, rod["length"]).requires_grad_(True)
    _, t_tip = model(s_tip, tension, force)
    c_t, sn_t = columns(t_tip)
    kappa_tip = c_t * d_ds(sn_t, s_tip) - sn_t * d_ds(c_t, s_tip)
    yield "tip_moment", F.smooth_l1_loss(rod["EI"] * kappa_tip, tension * rod["tendon_offset"])


def data_term(model, tip_batch):
    pos, _ = model(tip_batch["s"], tip_batch["tension"], tip_batch["force"])
    return (pos - tip_batch["xy"]).pow(2).sum(-1).mean()


def weighted_sum(terms, weights):
    named = list(terms)
    total = functools.reduce(operator.add, (weights[k] * v for k, v in named))
    return total, {k: round(v.item(), 6) for k, v in named}
