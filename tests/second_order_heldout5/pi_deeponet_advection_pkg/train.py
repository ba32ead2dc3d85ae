"""Trains the physics-informed DeepONet on random initial conditions (sums of random sines)."""
import math

import torch

from losses import AdvectionResidual, initial_condition_loss
from models import DeepONet, DeepONetConfig


def sample_batch(n_funcs, n_sensors, n_points):
    xs = torch.linspace(0, 1, n_sensors)
    k = torch.randint(1, 4, (n_funcs, 3)).float()
    a = torch.randn(n_funcs, 3)
    u = (a[:, :, None] * torch.sin(2 * math.pi * k[:, :, None] * xs)).sum(1)
    y_res = torch.rand(n_funcs, n_points, 2)
    x_ic = torch.rand(n_funcs, n_points)
    y_ic = torch.stack([x_ic, torch.zeros_like(x_ic)], dim=-1)
    s_ic = (a[:, :, None] * torch.sin(2 * math.pi * k[:, :, None] * x_ic[:, None, :])).sum(1)
    return u, y_res, y_ic, s_ic


def speed(x):
    return 0.5 + 0.5 * torch.sin(2 * math.pi * x) ** 2


def train(steps=20000, n_funcs=16, n_points=128, lr=1e-3):
    cfg = DeepONetConfig(trunk_activation="gelu")
    model = DeepONet(cfg)
    residual = AdvectionResidual(speed)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9999)
    for step in range(steps):
        u, y_res, y_ic, s_ic = sample_batch(n_funcs, cfg.n_sensors, n_points)
        loss = residual(model, u, y_res) + 20.0 * initial_condition_loss(model, u, y_ic, s_ic)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
    return model
