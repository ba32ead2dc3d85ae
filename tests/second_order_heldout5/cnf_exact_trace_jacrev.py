"""Continuous normalising flow on 2-D toy densities with the exact divergence: the Jacobian of the ODE
dynamics is built per sample with torch.func.vmap(jacrev(...)) and its trace enters the log-density, so
maximum likelihood training differentiates through the Jacobian. Fixed-step RK4, FFJORD-style
ConcatSquash layers."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import jacrev, vmap


class ConcatSquashLinear(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self._layer = nn.Linear(dim_in, dim_out)
        self._hyper_bias = nn.Linear(1, dim_out, bias=False)
        self._hyper_gate = nn.Linear(1, dim_out)

    def forward(self, t, x):
        t = t.reshape(1, 1)
        return self._layer(x) * torch.sigmoid(self._hyper_gate(t)) + self._hyper_bias(t)


class ODEnet(nn.Module):
    def __init__(self, dim=2, hidden=(64, 64, 64)):
        super().__init__()
        dims = (dim,) + hidden + (dim,)
        self.layers = nn.ModuleList([ConcatSquashLinear(a, b) for a, b in zip(dims[:-1], dims[1:])])

    def forward(self, t, x):
        for i, layer in enumerate(self.layers):
            x = layer(t, x)
            if i < len(self.layers) - 1:
                x = F.softplus(x)
        return x


class ExactDivergenceDynamics(nn.Module):
    def __init__(self, odenet):
        super().__init__()
        self.odenet = odenet

    def _f_single(self, t, z):
        return self.odenet(t, z.unsqueeze(0)).squeeze(0)

    def forward(self, t, z):
        dz = self.odenet(t, z)
        jac = vmap(jacrev(self._f_single, argnums=1), in_dims=(None, 0))(t, z)
        div = vmap(torch.trace)(jac)
        return dz, -div


def rk4_flow(dynamics, z, T=1.0, steps=8):
    logp_diff = torch.zeros(z.size(0))
    h = T / steps
    t = torch.tensor(0.0)
    for _ in range(steps):
        k1z, k1l = dynamics(t, z)
        k2z, k2l = dynamics(t + h / 2, z + h / 2 * k1z)
        k3z, k3l = dynamics(t + h / 2, z + h / 2 * k2z)
        k4z, k4l = dynamics(t + h, z + h * k3z)
        z = z + h / 6 * (k1z + 2 * k2z + 2 * k3z + k4z)
        logp_diff = logp_diff + h / 6 * (k1l + 2 * k2l + 2 * k3l + k4l)
        t = t + h
    return z, logp_diff


def standard_normal_logprob(z):
    return -0.5 * (math.log(2 * math.pi) + z.pow(2)).sum(1)


def train(sample_data, niters=5000, batch_size=512, lr=1e-3):
    dynamics = ExactDivergenceDynamics(ODEnet())
    optimizer = torch.optim.Adam(dynamics.parameters(), lr=lr, weight_decay=1e-5)
    for itr in range(niters):
        x = sample_data(batch_size)
        z, delta_logp = rk4_flow(dynamics, x)
        logpx = standard_normal_logprob(z) - delta_logp
        loss = -logpx.mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return dynamics
