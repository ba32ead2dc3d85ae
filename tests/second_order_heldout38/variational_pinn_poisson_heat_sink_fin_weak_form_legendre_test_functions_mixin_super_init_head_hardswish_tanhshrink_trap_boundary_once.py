"""hp-VPINN-style weak-form training for the 1-D Poisson problem of a heat-sink fin: -u'' = f on (-1, 1).

The residual is integrated against Legendre-type test functions after one integration by parts,
R_k = int u'(x) phi_k'(x) dx - int f(x) phi_k(x) dx, so only du/dx is needed (create_graph=True) and the
weak residuals are backpropagated.
"""
import math

import numpy as np
import torch
import torch.nn as nn

N_TEST = 6
N_QUAD = 64


class TrunkBase(nn.Module):
    def __init__(self, width=20):
        super().__init__()
        self.width = width
        self.trunk = nn.Sequential(nn.Linear(1, width), nn.Tanhshrink(), nn.Linear(width, width))

    def features(self, x):
        return self.trunk(x)


class HardswishHeadMixin:
    """Adds a small hardswish head on top of the trunk features."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.head_act = nn.Hardswish()
        self.head = nn.Linear(self.width, 1)

    def forward(self, x):
        return self.head(self.head_act(self.features(x)))


class FinVPINN(HardswishHeadMixin, TrunkBase):
    pass


def test_functions(x, k):
    """phi_k = P_{k+1} - P_{k-1} (vanishes at +-1) and its derivative, via numerical Legendre recursions."""
    def legendre(n):
        p0, p1 = torch.ones_like(x), x
        if n == 0:
            return p0
        for m in range(1, n):
            p0, p1 = p1, ((2 * m + 1) * x * p1 - m * p0) / (m + 1)
        return p1
    phi = legendre(k + 1) - legendre(k - 1)
    dphi = (2 * k + 1) * legendre(k)
    return phi, dphi


def gauss_legendre(n=N_QUAD):
    pts, wts = np.polynomial.legendre.leggauss(n)
    return torch.tensor(pts, dtype=torch.float32).unsqueeze(1), torch.tensor(wts, dtype=torch.float32).unsqueeze(1)


def source(x):
    return (math.pi ** 2) * torch.sin(math.pi * x)


def weak_residuals(model, xq, wq):
    xq = xq.clone().requires_grad_(True)
    u = model(xq)
    du = torch.autograd.grad(u.sum(), xq, create_graph=True)[0]
    res = []
    for k in range(1, N_TEST + 1):
        phi, dphi = test_functions(xq, k)
        res.append((wq * (du * dphi - source(xq) * phi)).sum())
    return torch.stack(res)


def main():
    torch.manual_seed(10)
    model = FinVPINN(width=20)
    xq, wq = gauss_legendre()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    ends = torch.tensor([[-1.0], [1.0]])
    for it in range(30):
        r = weak_residuals(model, xq, wq)
        bc = model(ends).pow(2).sum()
        loss = r.pow(2).sum() + 10.0 * bc
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 10 == 0:
            print(f"it {it} weak {r.pow(2).sum().item():.4e} bc {bc.item():.4e}")


if __name__ == "__main__":
    main()
