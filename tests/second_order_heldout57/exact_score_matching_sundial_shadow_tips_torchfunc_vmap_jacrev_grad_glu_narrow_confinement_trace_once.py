"""Energy-based density of sundial shadow-tip positions, trained by exact (Hyvarinen) score matching.

Each sample is (east, north, length ratio) of the gnomon's shadow tip, logged by a camera above a
garden sundial; the energy model later flags frames where the gnomon was knocked out of true.
Loss: E_x[ 0.5 ||s(x)||^2 + tr(ds/dx) ],  s = -grad_x E, computed with torch.func per sample.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jacrev, vmap

SETTINGS = {"dim": 3, "width": 32, "lr": 1e-3, "batch": 32, "objective": "exact", "sigma": 0.1}


class ShadowEnergy(nn.Module):
    def __init__(self, dim=3, width=32):
        super().__init__()
        self.width = width
        self.inp = nn.Linear(dim, 2 * width)
        self.gate = nn.GLU(dim=-1)
        self.hidden = nn.Linear(width, 2 * width)
        self.out = nn.Linear(width, 1)
        self.log_conf = nn.Parameter(torch.tensor(-1.0))

    def forward(self, x):
        h = self.gate(self.inp(x))
        h = h + F.glu(self.hidden(h), dim=-1)
        planar = torch.narrow(x, -1, 0, 2)
        confinement = 0.5 * self.log_conf.exp() * planar.pow(2).sum(-1)
        return self.out(torch.tanh(h)).squeeze(-1) + confinement


def make_score(model):
    def energy(params, buffers, x):
        return functional_call(model, (params, buffers), (x.unsqueeze(0),)).squeeze(0)

    def score(params, buffers, x):
        return -grad(energy, argnums=2)(params, buffers, x)

    return score


def exact_score_matching(model, x, sigma=None):
    params, buffers = dict(model.named_parameters()), dict(model.named_buffers())
    score = make_score(model)

    def per_sample(xi):
        s = score(params, buffers, xi)
        jac = jacrev(score, argnums=2)(params, buffers, xi)
        return 0.5 * s.pow(2).sum() + torch.trace(jac)

    return vmap(per_sample)(x).mean()


def denoising_score_matching(model, x, sigma=0.1):
    params, buffers = dict(model.named_parameters()), dict(model.named_buffers())
    noise = torch.randn_like(x) * sigma
    s = vmap(make_score(model), in_dims=(None, None, 0))(params, buffers, x + noise)
    return F.mse_loss(s, -noise / sigma ** 2)


OBJECTIVES = {"exact": exact_score_matching, "denoising": denoising_score_matching}


@torch.no_grad()
def langevin(model, n=64, steps=20, eps=1e-2):
    """Short-run Langevin chains (monitoring only)."""
    params, buffers = dict(model.named_parameters()), dict(model.named_buffers())
    score = vmap(make_score(model), in_dims=(None, None, 0))
    x = torch.randn(n, SETTINGS["dim"])
    for _ in range(steps):
        x = x + 0.5 * eps * score(params, buffers, x) + math.sqrt(eps) * torch.randn_like(x)
    return x


def shadow_tips(n, seed=0):
    g = torch.Generator().manual_seed(seed)
    hour = torch.rand(n, generator=g) * 10 - 5           # hours from solar noon
    decl = (torch.rand(n, generator=g) - 0.5) * 0.8       # solar declination (rad)
    az = hour * math.pi / 12
    length = 1.0 / torch.tan(0.9 - decl.abs() * 0.5 + 0.05 * hour.abs())
    x = torch.stack([length * torch.sin(az), -length * torch.cos(az), length / 3], dim=1)
    return (x - x.mean(0)) / x.std(0) + 0.02 * torch.randn(n, 3, generator=g)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    data = shadow_tips(128)
    model = ShadowEnergy(SETTINGS["dim"], SETTINGS["width"])
    objective = OBJECTIVES[SETTINGS["objective"]]
    opt = torch.optim.Adam(model.parameters(), lr=SETTINGS["lr"])

    for epoch in range(args.epochs):
        for i in range(0, data.size(0), SETTINGS["batch"]):
            loss = objective(model, data[i:i + SETTINGS["batch"]], SETTINGS["sigma"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        samples = langevin(model)
        print(f"epoch {epoch}: loss {loss.item():.4f} sample spread {samples.std(0).mean().item():.3f}")


if __name__ == "__main__":
    main()
