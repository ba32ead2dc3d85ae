"""Laplace approximation over one layer of an ore-grade classifier (drill-core assays -> grade class).

The full Hessian of the training loss w.r.t. the middle Linear's weight (net[2]) is computed with
torch.autograd.functional.hessian; it gives the posterior precision for that layer only.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian
from torch.func import functional_call


def build_mlp(d_in, hidden, n_out):
    return nn.Sequential(
        nn.Linear(d_in, hidden),
        nn.ELU(),
        nn.Linear(hidden, hidden),
        nn.Hardswish(),
        nn.Linear(hidden, n_out),
    )


net = build_mlp(7, 6, 3)
opt = torch.optim.Adam(net.parameters(), lr=1e-2)
assays, grade = torch.randn(32, 7), torch.randint(0, 3, (32,))
for _ in range(5):
    opt.zero_grad()
    F.cross_entropy(net(assays), grade).backward()
    opt.step()

name = "2.weight"
layer = net[2]
others = {n: p.detach() for n, p in net.named_parameters() if n != name}


def loss_wrt_layer(w):
    logits = functional_call(net, {**others, name: w}, (assays,))
    return F.cross_entropy(logits, grade, reduction="sum")


H = hessian(loss_wrt_layer, layer.weight.detach())
H = H.reshape(layer.weight.numel(), layer.weight.numel())
precision = H + 1e-2 * torch.eye(H.size(0))
posterior_cov = torch.linalg.inv(precision)
print("posterior std (mean):", posterior_cov.diagonal().sqrt().mean().item())
