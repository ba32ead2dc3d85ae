"""Analytic dynamometer-card model: polished-rod load as a function of crank-pin position,
pump fill fraction and strokes per minute. Derivatives come from autograd on this closed form."""
import torch


def rod_load(x):
    px, py, fill, spm = x.unbind(-1)
    theta = torch.atan2(py, px)
    fluid = 4.0 * fill * torch.sigmoid(8 * torch.sin(theta))
    inertia = 0.02 * spm ** 2 * torch.cos(theta)
    friction = 0.3 * torch.tanh(5 * torch.cos(theta))
    return 10.0 + fluid + inertia + friction


def load_and_gradient(x):
    with torch.enable_grad():
        x = x.clone().requires_grad_(True)
        y = rod_load(x)
        g = torch.autograd.grad(y.sum(), x)[0]
    return y.detach(), g.detach()


def sample_inputs(n, gen):
    theta = 2 * torch.pi * torch.rand(n, generator=gen)
    r = 1.0 + 0.05 * torch.randn(n, generator=gen)      # pin radius jitter from the encoder
    fill = 0.4 + 0.6 * torch.rand(n, generator=gen)
    spm = 4 + 8 * torch.rand(n, generator=gen)
    return torch.stack([r * torch.cos(theta), r * torch.sin(theta), fill, spm], -1)
