"""Vibration forecasting for a cutter-suction dredger's slurry pump with a hand-written GRU cell.

The recurrent map h_{t+1} = cell(x_t, h_t) is kept contractive with a random-projection Jacobian penalty:
||v^T d h_{t+1} / d h_t||^2 at a random time step, taken with create_graph=True so that the penalty
trains the cell. Gates use a hard sigmoid (cheap on the edge logger the model is deployed to).
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("dredger.gru")


class HandGRUCell(nn.Module):
    def __init__(self, n_in, n_hidden):
        super().__init__()
        s = 1.0 / math.sqrt(n_hidden)
        self.w_x = nn.Parameter(torch.empty(n_in, 3 * n_hidden).uniform_(-s, s))
        self.w_h = nn.Parameter(torch.empty(n_hidden, 3 * n_hidden).uniform_(-s, s))
        self.b = nn.Parameter(torch.zeros(3 * n_hidden))

    def forward(self, x_t, h):
        xz, xr, xn = (x_t @ self.w_x + self.b).chunk(3, dim=-1)
        hz, hr, hn = (h @ self.w_h).chunk(3, dim=-1)
        z = F.relu6(xz + hz + 3.0) / 6.0  # hard sigmoid written out
        r = (xr + hr).sigmoid()
        n = (xn + r * hn).tanh()
        return (1 - z) * n + z * h


class Forecaster(nn.Module):
    def __init__(self, n_in, n_hidden, horizon):
        super().__init__()
        self.cell = HandGRUCell(n_in, n_hidden)
        self.w_read = nn.Parameter(torch.randn(n_hidden, horizon * n_in) / math.sqrt(n_hidden))
        self.read_slope = nn.Parameter(torch.tensor([0.1]))
        self.n_hidden, self.horizon, self.n_in = n_hidden, horizon, n_in

    def scan(self, x):
        h = x.new_zeros(x.shape[0], self.n_hidden)
        states = []
        for t in range(x.shape[1]):
            h = self.cell(x[:, t], h)
            states.append(h)
        return states

    def readout(self, h):
        y = torch.prelu(h, self.read_slope) @ self.w_read
        return y.view(-1, self.horizon, self.n_in)


def jacobian_projection_penalty(cell, x_t, h_prev, n_proj=1):
    h_prev = h_prev.detach().requires_grad_(True)
    h_next = cell(x_t, h_prev)
    pen = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(h_next)
        (vj,) = torch.autograd.grad(h_next, h_prev, grad_outputs=v, create_graph=True)
        pen = pen + vj.pow(2).sum(-1).mean()
    return pen / n_proj


def vibration_windows(n, length, channels, gen):
    t = torch.arange(length + 4).float()
    rpm = 2 + torch.rand(n, 1, 1, generator=gen)
    sig = torch.sin(rpm * t.view(1, -1, 1) * 0.3 + torch.arange(channels).view(1, 1, -1))
    sig = sig + 0.1 * torch.randn(n, length + 4, channels, generator=gen)
    return sig[:, :length], sig[:, length:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--hidden", type=int, default=24)
    ap.add_argument("--jac-weight", type=float, default=0.05)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(5)
    torch.manual_seed(5)
    model = Forecaster(n_in=3, n_hidden=args.hidden, horizon=4)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(args.steps):
        x, y = vibration_windows(16, 20, 3, gen)
        states = model.scan(x)
        pred = model.readout(states[-1])
        mse = (pred - y).pow(2).mean()
        t = int(torch.randint(1, x.shape[1], (1,), generator=gen))
        jac = jacobian_projection_penalty(model.cell, x[:, t], states[t - 1])
        loss = mse + args.jac_weight * jac
        opt.zero_grad()
        loss.backward()
        assert jac.requires_grad and model.cell.w_h.grad is not None
        opt.step()
        log.info("step %d mse %.4f jac %.4f", step, mse.item(), jac.item())


if __name__ == "__main__":
    main()
