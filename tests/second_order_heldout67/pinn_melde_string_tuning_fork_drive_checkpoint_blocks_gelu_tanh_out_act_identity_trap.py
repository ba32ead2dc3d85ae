"""PINN for Melde's experiment: a string driven at one end by an electrically maintained tuning fork.

Damped wave equation u_tt + 2*gamma*u_t = c^2 u_xx on x in [0, 1], with the fork displacement
A sin(omega t) at x = 0 and a fixed pulley end at x = 1.  The residual trunk is wrapped in
torch.utils.checkpoint to keep activation memory low for large collocation batches.  The network
class was first written for the amplitude-envelope variant of the experiment, where a non-negative
output squashing made sense; for the signed displacement it is swapped out after construction.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

log = logging.getLogger("melde_pinn")


class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(width, width)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(width, width)

    def forward(self, h):
        return h + self.fc2(self.act(self.fc1(h)))


class StringNet(nn.Module):
    def __init__(self, width=48, depth=3, n_freq=4, use_checkpoint=True):
        super().__init__()
        self.register_buffer("freqs", math.pi * torch.arange(1, n_freq + 1).float())
        self.embed = nn.Linear(2 + 2 * n_freq, width)
        self.blocks = nn.ModuleList(ResidualBlock(width) for _ in range(depth))
        self.out = nn.Linear(width, 1)
        self.out_act = nn.Hardswish()
        self.use_checkpoint = use_checkpoint

    def forward(self, x, t):
        ft = t * self.freqs
        h = torch.tanh(self.embed(torch.cat([x, t, torch.sin(ft), torch.cos(ft)], dim=1)))
        for blk in self.blocks:
            if self.use_checkpoint and self.training:
                h = checkpoint(blk, h, use_reentrant=False)
            else:
                h = blk(h)
        return self.out_act(self.out(h))


def d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def losses(net, phys, n_col=256, n_bc=64):
    x = torch.rand(n_col, 1, requires_grad=True)
    t = phys["T"] * torch.rand(n_col, 1, requires_grad=True)
    u = net(x, t)
    u_t, u_x = d(u, t), d(u, x)
    u_tt, u_xx = d(u_t, t), d(u_x, x)
    residual = u_tt + 2 * phys["gamma"] * u_t - phys["c"] ** 2 * u_xx
    pde = F.smooth_l1_loss(residual, torch.zeros_like(residual), beta=0.1)

    tb = phys["T"] * torch.rand(n_bc, 1)
    drive = phys["A"] * torch.sin(phys["omega"] * tb)
    bc = (net(torch.zeros_like(tb), tb) - drive).pow(2).mean() + net(torch.ones_like(tb), tb).pow(2).mean()
    x0 = torch.rand(n_bc, 1)
    t0 = torch.zeros(n_bc, 1, requires_grad=True)
    u0 = net(x0, t0)
    ic = u0.pow(2).mean() + d(u0, t0).pow(2).mean()
    return pde, bc, ic


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--no-checkpoint", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    # fork at 2 x the fundamental of the loaded string -> third harmonic standing wave
    phys = {"c": 1.0, "gamma": 0.05, "A": 0.02, "omega": 3 * math.pi, "T": 2.0}

    net = StringNet(use_checkpoint=not args.no_checkpoint)
    net.out_act = nn.Identity()  # signed displacement: no envelope squashing
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    for step in range(args.steps):
        pde, bc, ic = losses(net, phys)
        loss = pde + 10.0 * bc + 10.0 * ic
        opt.zero_grad(set_to_none=True)
        loss.backward()
        gn = net.blocks[0].fc1.weight.grad.norm().item()
        opt.step()
        log.info("step %d pde %.3e bc %.3e ic %.3e |grad fc1| %.3e", step, pde.item(), bc.item(), ic.item(), gn)

    net.eval()
    with torch.no_grad():
        xs = torch.linspace(0, 1, 9).unsqueeze(1)
        snap = net(xs, torch.full_like(xs, 1.0)).squeeze(1)
    log.info("u(x, t=1): %s", " ".join(f"{v:+.3f}" for v in snap.tolist()))


if __name__ == "__main__":
    main()
