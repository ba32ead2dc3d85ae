"""Sobolev-trained surrogate of hammock fabric deflection, fitted with L-BFGS.

Input: a load vector (fx, fy, fz) applied at the hammock centre and the anchor spacing.  Output: centre deflection.
The rig also records the compliance dd/dF (small-perturbation tests), so the closure fits the value and the input
gradient (Sobolev training): the gradient is taken with create_graph=True and the closure's backward differentiates
it again.  Linear layers are weight-normalised with torch.nn.utils.parametrizations.weight_norm.
"""
import argparse
import logging
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm

log = logging.getLogger("hammock_sobolev")

ACTIVATIONS = {
    "prelu": nn.PReLU,
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "silu": nn.SiLU,
}


class DeflectionSurrogate(nn.Module):
    def __init__(self, act="prelu", width=32):
        super().__init__()
        self.fc1 = weight_norm(nn.Linear(5, width))
        self.act1 = ACTIVATIONS[act]()
        self.fc2 = weight_norm(nn.Linear(width, width))
        self.act2 = nn.Tanh()
        self.out = nn.Linear(width, 1)

    def forward(self, load, spacing):
        direction = F.normalize(load, dim=1)
        magnitude = load.norm(dim=1, keepdim=True)
        h = torch.cat([direction, magnitude, spacing], dim=1)
        h = self.act1(self.fc1(h))
        h = self.act2(self.fc2(h))
        return self.out(h).squeeze(1)


def rig_measurements(n, gen):
    load = torch.randn(n, 3, generator=gen) * torch.tensor([0.2, 0.2, 1.0]) + torch.tensor([0.0, 0.0, -1.0])
    spacing = 3.0 + torch.rand(n, 1, generator=gen)
    load = load.requires_grad_(True)
    defl = 0.05 * spacing.squeeze(1) * load.norm(dim=1) ** 1.5
    (compliance,) = torch.autograd.grad(defl.sum(), load)
    return load.detach(), spacing, defl.detach(), compliance


def fit(args):
    gen = torch.Generator().manual_seed(4)
    model = DeflectionSurrogate(args.act)
    load, spacing, defl, compliance = rig_measurements(args.n, gen)
    opt = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=args.max_iter, history_size=10)

    def closure():
        opt.zero_grad()
        x = load.clone().requires_grad_(True)
        pred = model(x, spacing)
        (dpred,) = torch.autograd.grad(pred.sum(), x, create_graph=True)
        value_loss = F.mse_loss(pred, defl)
        slope_loss = F.smooth_l1_loss(dpred, compliance, beta=0.05)
        loss = value_loss + args.slope_weight * slope_loss
        loss.backward()
        return loss

    for outer in range(args.outer):
        loss = opt.step(closure)
        log.info("outer %d loss %.5f", outer, loss.item())
    assert model.fc1.parametrizations.weight.original0.grad is not None
    with torch.set_grad_enabled(False):
        err = (model(load, spacing) - defl).abs().mean()
    log.info("train MAE %.4f", err.item())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--act", default="prelu", choices=["prelu", "silu"])
    ap.add_argument("--n", type=int, default=48)
    ap.add_argument("--outer", type=int, default=2)
    ap.add_argument("--max-iter", type=int, default=5)
    ap.add_argument("--slope-weight", type=float, default=1.0)
    a = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    fit(a)
