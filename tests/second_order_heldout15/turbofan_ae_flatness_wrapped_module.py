"""Turbofan (C-MAPSS-like) sensor autoencoder for anomaly scores, trained with a Hutchinson
Hessian-trace flatness regulariser w.r.t. all parameters. The model lives behind a DDP-style
wrapper (`.module`), its forward is decorated, and the encoder calls super().forward()."""
import functools
import torch
import torch.nn as nn


def clamp_inputs(fn):
    @functools.wraps(fn)
    def wrapper(self, x):
        return fn(self, x.clamp(-5.0, 5.0))
    return wrapper


class Encoder(nn.Sequential):
    def __init__(self, n_in, n_lat):
        super().__init__(nn.Linear(n_in, 32), nn.PReLU(), nn.Linear(32, n_lat))

    def forward(self, x):
        return torch.tanh(super().forward(x))


class SensorAE(nn.Module):
    def __init__(self, n_in=14, n_lat=4):
        super().__init__()
        self.encoder = Encoder(n_in, n_lat)
        self.decoder = nn.Sequential(nn.Linear(n_lat, 32), nn.Softplus(), nn.Linear(32, n_in))

    @clamp_inputs
    def forward(self, x):
        return self.decoder(self.encoder(x))


class Replicated(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args):
        return self.module(*args)


def hutchinson_trace(loss, params, n=1):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = 0.0
    for _ in range(n):
        zs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hz = torch.autograd.grad(grads, params, grad_outputs=zs, create_graph=True)
        est = est + sum((h * z).sum() for h, z in zip(hz, zs))
    return est / n


model = Replicated(SensorAE())
params = [p for p in model.module.parameters()]
opt = torch.optim.Adam(params, lr=1e-3)
for cycle in range(3):
    x = torch.randn(16, 14)
    rec = ((model(x) - x) ** 2).mean()
    flat = hutchinson_trace(rec, params)
    opt.zero_grad()
    (rec + 1e-3 * flat).backward()
    opt.step()
    print(cycle, rec.item(), flat.item())
