"""Meta-learning the noise schedule of a small diffusion model on tide-pool salinity profiles.

The learnable log-SNR endpoints shape the inner denoising loss; one differentiable SGD step of the
denoiser is taken and the validation loss of the updated denoiser is differentiated w.r.t. the schedule.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

PROFILE_LEN = 16
WIDTHS = [PROFILE_LEN + 1, 32, 32, PROFILE_LEN]
ACTIVATIONS = ["hswish", "tanh", None]
INNER_LR = 0.05

ACT = {
    "hswish": nn.Hardswish,
    "tanh": nn.Tanh,
    "relu": nn.ReLU,
}


def build_denoiser():
    layers = []
    for (d_in, d_out), name in zip(zip(WIDTHS[:-1], WIDTHS[1:]), ACTIVATIONS):
        layers.append(nn.Linear(d_in, d_out))
        if name is not None:
            layers.append(ACT[name]())
    return nn.Sequential(*layers)


class LogSNRSchedule(nn.Module):
    def __init__(self):
        super().__init__()
        self.gamma_min = nn.Parameter(torch.tensor(-6.0))
        self.gamma_max = nn.Parameter(torch.tensor(6.0))

    def forward(self, t):
        return self.gamma_max + (self.gamma_min - self.gamma_max) * t


def denoising_loss(denoiser, params, schedule, x0):
    t = torch.rand(x0.shape[0], 1)
    gamma = schedule(t)
    alpha, sigma = torch.sigmoid(gamma).sqrt(), torch.sigmoid(-gamma).sqrt()
    eps = torch.randn_like(x0)
    xt = alpha * x0 + sigma * eps
    eps_hat = functional_call(denoiser, params, (torch.cat([xt, t], dim=1),))
    return F.smooth_l1_loss(eps_hat, eps, beta=0.5)


def validation_loss(denoiser, params, x0, grid=(0.25, 0.5, 0.75)):
    total = 0.0
    for tv in grid:
        t = torch.full((x0.shape[0], 1), tv)
        gamma = 6.0 - 12.0 * t
        eps = torch.randn_like(x0)
        xt = torch.sigmoid(gamma).sqrt() * x0 + torch.sigmoid(-gamma).sqrt() * eps
        eps_hat = functional_call(denoiser, params, (torch.cat([xt, t], dim=1),))
        total = total + F.mse_loss(eps_hat, eps)
    return total / len(grid)


def salinity_batch(n=24):
    depth = torch.linspace(0, 1, PROFILE_LEN)
    base = 30 + 5 * torch.rand(n, 1)
    return ((base - 3 * torch.rand(n, 1) * torch.exp(-4 * depth)) - 32.0) / 3.0


def main(steps=6):
    torch.manual_seed(6)
    denoiser = build_denoiser()
    schedule = LogSNRSchedule()
    opt_model = torch.optim.Adam(denoiser.parameters(), lr=1e-3)
    opt_sched = torch.optim.Adam(schedule.parameters(), lr=1e-2)
    for step in range(steps):
        params = dict(denoiser.named_parameters())
        inner = denoising_loss(denoiser, params, schedule, salinity_batch())
        grads = torch.autograd.grad(inner, list(params.values()), create_graph=True)
        fast = {k: p - INNER_LR * g for (k, p), g in zip(params.items(), grads)}
        outer = validation_loss(denoiser, fast, salinity_batch())
        sched_grads = torch.autograd.grad(outer, list(schedule.parameters()))
        opt_sched.zero_grad()
        for p, g in zip(schedule.parameters(), sched_grads):
            p.grad = g
        opt_sched.step()
        opt_model.zero_grad()
        denoising_loss(denoiser, dict(denoiser.named_parameters()), schedule, salinity_batch()).backward()
        opt_model.step()
        print(f"step {step} inner {inner.item():.4f} outer {outer.item():.4f} "
              f"gamma [{schedule.gamma_min.item():.2f}, {schedule.gamma_max.item():.2f}]")


if __name__ == "__main__":
    main()
