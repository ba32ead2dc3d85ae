"""Learning a neural Lyapunov function for a quadrotor altitude-hold loop.

V(x) = |phi(x)|^2 + eps |x|^2 must decrease along the closed-loop vector field f(x, pi(x)).
The Lie derivative dV/dt = <grad V(x), f(x)> is computed with autograd and trained through.
"""
from dataclasses import dataclass, field

import torch
import torch.nn as nn


@dataclass
class LyapunovConfig:
    state_dim: int = 3
    widths: list = field(default_factory=lambda: [16, 16, 8])
    acts: list = field(default_factory=lambda: [nn.CELU, nn.Softshrink, None])
    eps: float = 0.05
    alpha: float = 0.3
    steps: int = 40
    lr: float = 3e-3


class LyapunovNet(nn.Module):
    def __init__(self, cfg: LyapunovConfig):
        super().__init__()
        dims = [cfg.state_dim] + cfg.widths
        layers = []
        for (d_in, d_out), act in zip(zip(dims[:-1], dims[1:]), cfg.acts):
            layers.append(nn.Linear(d_in, d_out))
            if act is not None:
                layers.append(act())
        self.phi = nn.Sequential(*layers)
        self.eps = cfg.eps

    def forward(self, x):
        z = self.phi(x) - self.phi(torch.zeros_like(x[:1]))
        return (z ** 2).sum(-1) + self.eps * (x ** 2).sum(-1)


class AltitudePolicy(nn.Module):
    """Thrust correction from (height error, vertical speed, integral error)."""

    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, 16), nn.Hardswish(), nn.Linear(16, 1), nn.Tanh())

    def forward(self, x):
        return 4.0 * self.net(x)


def closed_loop(x, policy, mass=0.8, drag=0.25):
    h, v, i = x[:, 0:1], x[:, 1:2], x[:, 2:3]
    u = policy(x)
    dh = v
    dv = (u - drag * v) / mass
    di = h
    return torch.cat([dh, dv, di], dim=1)


def lie_derivative(V, x, f):
    x = x.requires_grad_(True)
    value = V(x)
    (grad_v,) = torch.autograd.grad(value.sum(), x, create_graph=True)
    return value, (grad_v * f).sum(-1)


def train(cfg=LyapunovConfig()):
    torch.manual_seed(0)
    V = LyapunovNet(cfg)
    policy = AltitudePolicy()
    opt = torch.optim.Adam(list(V.parameters()) + list(policy.parameters()), lr=cfg.lr)
    for step in range(cfg.steps):
        x = (torch.rand(64, cfg.state_dim) - 0.5) * 4.0
        f = closed_loop(x, policy)
        value, vdot = lie_derivative(V, x, f)
        decrease = torch.relu(vdot + cfg.alpha * value).mean()
        positivity = torch.relu(0.1 * (x ** 2).sum(-1) - value).mean()
        loss = decrease + positivity
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 10 == 0:
            print(f"step {step:3d} decrease {decrease.item():.4f} positivity {positivity.item():.4f}")
    return V, policy


if __name__ == "__main__":
    train()
