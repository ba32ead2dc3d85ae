"""Newton refinement of a calibration head on frozen features: the head's weights are one flat vector, unflattened
into a parameter dict for torch.func.functional_call, and torch.autograd.functional.hessian gives the Newton
matrix."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call
from torch.nn.utils import parameters_to_vector

head = nn.Sequential(nn.Linear(6, 8), nn.Hardswish(), nn.Linear(8, 1))
names = [n for n, _ in head.named_parameters()]
shapes = [p.shape for _, p in head.named_parameters()]
feats = torch.randn(64, 6)
labels = (torch.rand(64) > 0.5).float()


def unflatten(theta):
    out, i = {}, 0
    for n, s in zip(names, shapes):
        k = s.numel()
        out[n] = theta[i:i + k].view(s)
        i += k
    return out


def loss_of(theta):
    logits = functional_call(head, unflatten(theta), (feats,)).squeeze(-1)
    return F.binary_cross_entropy_with_logits(logits, labels)


theta = parameters_to_vector(head.parameters()).detach()
for it in range(2):
    g = torch.autograd.grad(loss_of(theta.requires_grad_(True)), theta)[0]
    H = torch.autograd.functional.hessian(loss_of, theta)
    step = torch.linalg.solve(H + 1e-2 * torch.eye(H.shape[0]), g)
    theta = (theta - step).detach()
