import argparse
import math

import torch
import torch.nn.functional as F

import config as C
from hyper import HyperNet
from target import time_derivative, trajectory


def simulate_throws(n, gen):
    """Point-mass flight with quadratic drag; positions from video, velocities from radar."""
    thrower = torch.randint(0, C.N_THROWERS, (n,), generator=gen)
    angle = math.radians(33) + 0.1 * torch.randn(n, generator=gen)
    speed = 26 + 2 * torch.randn(n, generator=gen) + 0.5 * thrower
    wind = torch.randn(n, generator=gen)
    dt = C.FLIGHT_TIME / (C.N_SAMPLES - 1)
    pos, vel = torch.zeros(n, C.N_SAMPLES, 2), torch.zeros(n, C.N_SAMPLES, 2)
    v = torch.stack([speed * torch.cos(angle), speed * torch.sin(angle)], -1)
    p = torch.zeros(n, 2)
    for k in range(C.N_SAMPLES):
        pos[:, k], vel[:, k] = p, v
        drag = 0.002 * v.norm(dim=-1, keepdim=True) * (v - torch.stack([wind, torch.zeros(n)], -1))
        v = v + dt * (torch.tensor([0.0, -C.GRAVITY]) - drag)
        p = p + dt * v
    cond = torch.stack([angle, speed / 30, wind], -1)
    # targets in units of 100 m and 100 m per normalised time unit
    return thrower, cond, pos / 100, vel * C.FLIGHT_TIME / 100


def train_step(hnet, opt, batch, args):
    thrower, cond, pos, vel = batch
    t = torch.linspace(0, 1, C.N_SAMPLES).view(1, -1, 1).repeat(len(thrower), 1, 1).requires_grad_(True)
    weights = hnet(thrower, cond)
    y = trajectory(weights, t)
    dydt = time_derivative(y, t, create_graph=True)
    loss = F.mse_loss(y, pos) + args.vel_weight * F.smooth_l1_loss(dydt, vel, beta=0.05)
    if C.PHYSICS_WEIGHT > 0:
        d2z = torch.autograd.grad(dydt[..., 1].sum(), t, create_graph=True)[0].squeeze(-1)
        g_norm = C.GRAVITY * C.FLIGHT_TIME ** 2 / 100
        loss = loss + C.PHYSICS_WEIGHT * F.huber_loss(d2z, torch.full_like(d2z, -g_norm))
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


@torch.no_grad()
def landing_error(hnet, batch):
    thrower, cond, pos, _ = batch
    t = torch.linspace(0, 1, C.N_SAMPLES).view(1, -1, 1).repeat(len(thrower), 1, 1)
    y = trajectory(hnet(thrower, cond), t)
    return (y[:, -1, 0] - pos[:, -1, 0]).abs().mean().item() * 100


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=C.STEPS)
    ap.add_argument("--vel-weight", type=float, default=C.VEL_WEIGHT)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(21)
    torch.manual_seed(21)
    hnet = HyperNet()
    opt = torch.optim.Adam(hnet.parameters(), lr=C.LR)
    val = simulate_throws(C.BATCH, gen)
    for step in range(args.steps):
        loss = train_step(hnet, opt, simulate_throws(C.BATCH, gen), args)
        print(f"step {step} loss {loss:.5f} landing error {landing_error(hnet, val):.2f} m")


if __name__ == "__main__":
    main()
