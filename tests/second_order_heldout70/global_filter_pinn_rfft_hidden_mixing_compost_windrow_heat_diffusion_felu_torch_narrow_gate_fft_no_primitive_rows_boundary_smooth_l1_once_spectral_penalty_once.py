"""PINN for the temperature profile across a turned compost windrow.

u_t = kappa * u_xx + q(x, t)   (microbial heat source q), x in [0, 1] across the pile, t in [0, 1] days.
The network uses random Fourier features, a global-filter mixing layer (rfft over the hidden axis,
learned complex filter, irfft) and a hand-written gated unit; all layers are raw parameters.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("windrow.pinn")


class GlobalFilterPINN(nn.Module):
    def __init__(self, n_freq=16, width=32, sigma=2.0):
        super().__init__()
        self.register_buffer("B", torch.randn(2, n_freq) * sigma)
        self.w_in = nn.Parameter(torch.randn(2 * n_freq, width) / math.sqrt(2 * n_freq))
        self.filt = nn.Parameter(torch.stack([torch.ones(width // 2 + 1), torch.zeros(width // 2 + 1)], dim=-1))
        self.w_mid = nn.Parameter(torch.randn(width, width) / math.sqrt(width))
        self.w_out = nn.Parameter(torch.randn(width // 2, 1) / math.sqrt(width // 2))
        self.half = width // 2

    def forward(self, xt):
        proj = 2 * math.pi * xt @ self.B
        h = torch.cat([proj.sin(), proj.cos()], dim=-1) @ self.w_in
        spec = torch.fft.rfft(h, dim=-1) * torch.view_as_complex(self.filt)
        h = h + torch.fft.irfft(spec, n=h.shape[-1], dim=-1)
        h = F.elu(h @ self.w_mid)
        value = torch.narrow(h, -1, 0, self.half)
        gate = h[..., self.half:].sigmoid()
        return (value * gate) @ self.w_out


def heat_source(xt):
    x, t = xt[:, :1], xt[:, 1:]
    return 2.0 * torch.exp(-((x - 0.5) ** 2) / 0.02) * torch.exp(-t)


def pde_residual(net, xt, kappa):
    xt = xt.requires_grad_(True)
    u = net(xt)
    (du,) = torch.autograd.grad(u.sum(), xt, create_graph=True)
    u_x, u_t = du[:, :1], du[:, 1:]
    (du_x,) = torch.autograd.grad(u_x.sum(), xt, create_graph=True)
    u_xx = du_x[:, :1]
    return u_t - kappa * u_xx - heat_source(xt)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--kappa", type=float, default=0.05)
    ap.add_argument("--n-col", type=int, default=128)
    ap.add_argument("--spec-weight", type=float, default=1e-3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(1)
    net = GlobalFilterPINN()
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    ambient = 0.2
    x_grid = torch.linspace(0, 1, 64)
    for step in range(args.steps):
        col = torch.rand(args.n_col, 2)
        res = pde_residual(net, col, args.kappa)
        t_b = torch.rand(32, 1)
        edges = torch.cat([torch.cat([torch.zeros_like(t_b), t_b], 1), torch.cat([torch.ones_like(t_b), t_b], 1)])
        u_bc = net(edges)
        loss_bc = F.smooth_l1_loss(u_bc, torch.full_like(u_bc, ambient), beta=0.05)
        u_snap = net(torch.stack([x_grid, torch.full_like(x_grid, 0.5)], dim=1)).squeeze(-1)
        spec = torch.fft.rfft(u_snap).abs()
        loss_spec = (spec[8:] ** 2).mean()
        loss = res.pow(2).mean() + loss_bc + args.spec_weight * loss_spec
        opt.zero_grad()
        loss.backward()
        assert res.requires_grad and net.w_mid.grad is not None
        opt.step()
        log.info("step %d res %.4e bc %.4e spec %.3e", step, res.pow(2).mean().item(), loss_bc.item(), loss_spec.item())


if __name__ == "__main__":
    main()
