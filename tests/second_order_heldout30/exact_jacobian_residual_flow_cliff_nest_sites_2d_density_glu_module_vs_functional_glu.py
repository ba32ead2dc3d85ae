"""Density of seabird nest sites on a cliff face (2-D) with a free-form residual flow y = x + g(x).

In two dimensions the Jacobian determinant is exact and cheap: both rows of dy/dx are taken with
autograd (create_graph=True) and the change-of-variables NLL is minimised.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH, STEPS = 64, 5


class GatedResidual(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.inp = nn.Linear(2, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.mid = nn.Linear(hidden, 2 * hidden)
        self.shrink = nn.Tanhshrink()
        self.out = nn.Linear(hidden, 2)

    def forward(self, x):
        h = self.gate(self.inp(x))
        h = F.glu(self.mid(h), dim=-1)
        return 0.5 * self.out(self.shrink(h))


class ResidualFlow(nn.Module):
    def __init__(self, n_blocks=2):
        super().__init__()
        self.blocks = nn.ModuleList(GatedResidual() for _ in range(n_blocks))

    def forward(self, x):
        for blk in self.blocks:
            x = x + blk(x)
        return x


def log_det_2d(y, x):
    rows = [torch.autograd.grad(y[:, i].sum(), x, create_graph=True)[0] for i in range(2)]
    det = rows[0][:, 0] * rows[1][:, 1] - rows[0][:, 1] * rows[1][:, 0]
    return torch.log(det.abs() + 1e-6)


def nest_sites(n):
    """Ledges: nests concentrate on three slanted bands of the cliff."""
    band = torch.randint(0, 3, (n,))
    u = torch.rand(n) * 4 - 2
    v = 0.6 * u + (band.float() - 1.0) * 1.2 + 0.1 * torch.randn(n)
    return torch.stack([u, v], dim=1)


def main():
    torch.manual_seed(11)
    flow = ResidualFlow()
    opt = torch.optim.Adam(flow.parameters(), lr=3e-3)
    for step in range(STEPS):
        x = nest_sites(BATCH).requires_grad_(True)
        y = flow(x)
        log_pz = -0.5 * (y ** 2).sum(dim=1) - math.log(2 * math.pi)
        nll = -(log_pz + log_det_2d(y, x)).mean()
        opt.zero_grad()
        nll.backward()
        opt.step()
        print(f"step {step}: nll={nll.item():.3f}")


if __name__ == "__main__":
    main()
