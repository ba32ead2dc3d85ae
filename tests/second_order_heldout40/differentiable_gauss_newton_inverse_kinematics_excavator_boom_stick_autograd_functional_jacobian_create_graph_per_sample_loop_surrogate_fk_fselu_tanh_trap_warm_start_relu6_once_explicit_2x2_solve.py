"""Inverse kinematics for an excavator boom/stick with a differentiable Gauss-Newton layer.

A warm-start network proposes joint angles for a target bucket-tip position; two Gauss-Newton steps on a learned
forward-kinematics surrogate refine them. The Jacobian of the surrogate comes from
torch.autograd.functional.jacobian(create_graph=True), so the tip error after refinement trains both networks.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import jacobian

BOOM, STICK = 5.7, 2.9
GN_STEPS, DAMPING, BATCH, ITERS = 2, 1e-2, 8, 6


def true_tip(q):
    a = q[..., 0]
    b = q[..., 0] + q[..., 1]
    return torch.stack([BOOM * torch.cos(a) + STICK * torch.cos(b), BOOM * torch.sin(a) + STICK * torch.sin(b)], -1)


class FKSurrogate(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.l1 = nn.Linear(4, width)
        self.l2 = nn.Linear(width, width)
        self.squash = nn.Tanh()
        self.l3 = nn.Linear(width, 2)

    def forward(self, q):
        feats = torch.cat([torch.sin(q), torch.cos(q)], -1)
        h = F.selu(self.l1(feats))
        return self.l3(self.squash(self.l2(h))) * (BOOM + STICK)


class WarmStart(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, width), nn.ReLU6(), nn.Linear(width, 2))

    def forward(self, target):
        return self.net(target / (BOOM + STICK)) + torch.tensor([0.6, -0.9])


def solve2x2(A, b):
    det = A[:, 0, 0] * A[:, 1, 1] - A[:, 0, 1] * A[:, 1, 0]
    x0 = (A[:, 1, 1] * b[:, 0] - A[:, 0, 1] * b[:, 1]) / det
    x1 = (A[:, 0, 0] * b[:, 1] - A[:, 1, 0] * b[:, 0]) / det
    return torch.stack([x0, x1], -1)


def gauss_newton_refine(fk, q, target):
    for _ in range(GN_STEPS):
        r = fk(q) - target
        J = torch.stack([jacobian(fk, q[i], create_graph=True) for i in range(q.shape[0])])
        Jt = J.transpose(1, 2)
        A = Jt @ J + DAMPING * torch.eye(2)
        q = q - solve2x2(A, (Jt @ r.unsqueeze(-1)).squeeze(-1))
    return q


def main():
    torch.manual_seed(0)
    fk, warm = FKSurrogate(), WarmStart()
    opt = torch.optim.Adam(list(fk.parameters()) + list(warm.parameters()), lr=1e-3)
    for it in range(ITERS):
        q_true = torch.stack([torch.rand(BATCH) * 0.9 + 0.2, -torch.rand(BATCH) * 1.5 - 0.3], -1)
        target = true_tip(q_true)
        q_fit = torch.rand(64, 2) * torch.tensor([1.2, -2.0]) + torch.tensor([0.0, 0.0])
        fit = F.mse_loss(fk(q_fit), true_tip(q_fit))
        q_ref = gauss_newton_refine(fk, warm(target), target)
        tip_err = (true_tip(q_ref) - target).pow(2).sum(-1).mean()
        loss = fit + 0.1 * tip_err
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}: surrogate fit {fit.item():.4f} tip error {tip_err.item():.4f} m^2")


if __name__ == "__main__":
    main()
