"""Viscous LWR / Burgers PINN for traffic density on a ring road, with the second spatial derivative
taken forward-over-forward: torch.func.jvp of a jvp, vmapped over collocation points.
Training backpropagates through both jvps (third order in the weights).
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jvp, vmap

NU = 0.05
V_FREE = 1.0


class DensityField(nn.Module):
    def __init__(self, n_freq=4, hidden=24):
        super().__init__()
        self.register_buffer("freqs", torch.arange(1, n_freq + 1, dtype=torch.float32))
        self.inp = nn.Linear(1 + 2 * n_freq, hidden)
        self.hid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, t, x):
        ang = self.freqs * x
        feats = torch.cat([t.reshape(1), torch.sin(ang), torch.cos(ang)])
        h = F.gelu(self.inp(feats), approximate="tanh")
        h = F.softplus(self.hid(h))
        return torch.sigmoid(self.out(h)).squeeze()


def residual_fn(model, params, buffers):
    def rho(t, x):
        return functional_call(model, (params, buffers), (t, x))

    def point(t, x):
        one = torch.ones_like(x)
        r, r_t = jvp(lambda tt: rho(tt, x), (t,), (torch.ones_like(t),))

        def rho_x(xx):
            return jvp(lambda s: rho(t, s), (xx,), (one,))[1]

        r_x, r_xx = jvp(rho_x, (x,), (one,))
        flux_x = V_FREE * (1 - 2 * r) * r_x
        return r_t + flux_x - NU * r_xx

    return vmap(point)


def initial_density(x):
    return 0.3 + 0.2 * torch.exp(-4 * (x - math.pi) ** 2)


def main(steps=3):
    torch.manual_seed(11)
    model = DensityField()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(steps):
        params = dict(model.named_parameters())
        buffers = dict(model.named_buffers())
        t = torch.rand(64)
        x = torch.rand(64) * 2 * math.pi
        pde = residual_fn(model, params, buffers)(t, x).pow(2).mean()
        x0 = torch.rand(32) * 2 * math.pi
        ic = vmap(lambda xx: model(torch.zeros(()), xx))(x0)
        loss = pde + F.mse_loss(ic, initial_density(x0))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: pde={pde.item():.5f} loss={loss.item():.5f}")


if __name__ == "__main__":
    main()
