"""Energy-parameterised score model for protein backbone torsion features (sin/cos of phi, psi): the score
is -grad_x E(x) computed per sample with torch.func (vmap of grad over functional_call), and the network is
trained by denoising score matching through that score."""
import functools

import torch
import torch.nn as nn
from torch.func import functional_call, grad, vmap

ACTIVATIONS = {
    "silu": nn.SiLU,
    "softsign": lambda: nn.Softsign(),
    "hswish": functools.partial(nn.Hardswish),
    "celu": functools.partial(nn.CELU, alpha=0.5),
}


class EnergyNet(nn.Module):
    def __init__(self, dim=4, width=64, act="silu"):
        super().__init__()
        make = ACTIVATIONS[act]
        self.f = nn.Sequential(nn.Linear(dim, width), make(), nn.Linear(width, width), make(),
                               nn.Linear(width, 1))

    def forward(self, x):
        return self.f(x).squeeze(-1)


energy = EnergyNet(act="hswish")
params = dict(energy.named_parameters())


def energy_single(p, x):
    return functional_call(energy, p, (x.unsqueeze(0),)).sum()


score_fn = vmap(grad(energy_single, argnums=1), in_dims=(None, 0))
opt = torch.optim.Adam(params.values(), lr=1e-3)
sigma = 0.1
for step in range(3):
    ang = torch.rand(32, 2) * 6.283
    x = torch.cat([ang.sin(), ang.cos()], dim=1)
    noise = torch.randn_like(x)
    score = -score_fn(params, x + sigma * noise)
    loss = ((score * sigma + noise) ** 2).sum(1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
