"""Gradient-enhanced PINN (gPINN) for the time-harmonic pressure field in a small recording booth.

    (c(x)/c0)^2 Laplace(p) + k^2 n(x)^2 p = -s(x),   p = p_re + i p_im   (two real outputs)

n(x) is a complex refractive index that is 1 in air and lossy inside the foam absorber panel on the back
wall; c(x) carries the warm-air plume above the studio lamp, whose strength is identified together with the
absorber loss factor (inverse part).  The loudspeaker is a narrow Gaussian source.  Walls are locally
reacting (Robin condition).  The Laplacian is the trace of the per-point Hessian from torch.func; the gPINN
term also penalises the spatial gradient of the residual.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, hessian, jacrev, vmap


class Sine(nn.Module):
    def __init__(self, w0=6.0):
        super().__init__()
        self.w0 = w0

    def forward(self, x):
        return torch.sin(self.w0 * x)


ACTS = {"sine": Sine, "tanh": nn.Tanh, "gelu_tanh": lambda: nn.GELU(approximate="tanh")}


class PressureNet(nn.Module):
    def __init__(self, width=32, depth=3, act="sine"):
        super().__init__()
        dims = [2] + [width] * depth
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), ACTS[act]()]
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(width, 2)

    def forward(self, x):
        return self.head(self.body(x))


class Booth:
    def __init__(self, args):
        self.k = 2 * math.pi * args.freq / 343.0 * args.size     # non-dimensional wavenumber
        self.src = torch.tensor([0.3, 0.5])
        self.panel = 0.85                                          # absorber for x > panel
        self.raw_loss = nn.Parameter(torch.tensor(-1.0))          # learnable absorber loss factor (inverse part)
        self.lamp = torch.tensor([0.6, 0.8])
        self.raw_plume = nn.Parameter(torch.tensor(0.0))          # learnable warm-plume strength (inverse part)

    def c2(self, x):
        """(c(x)/c0)^2: a few per cent faster sound in the warm air above the lamp."""
        bump = torch.exp(-((x - self.lamp) ** 2).sum() / 0.02)
        return (1.0 + 0.03 * torch.tanh(self.raw_plume + 1.0) * bump) ** 2

    def n2(self, x):
        """Real / imaginary part of n(x)^2: the panel adds a loss term eta."""
        eta = F.softplus(self.raw_loss) * torch.sigmoid(40.0 * (x[0] - self.panel))
        return 1.0, eta

    def source(self, x):
        return 5.0 * torch.exp(-((x - self.src) ** 2).sum() / 0.005)


def make_fns(model, booth):
    def p_fn(params, x):
        return functional_call(model, params, (x.unsqueeze(0),)).squeeze(0)

    def residual(params, x):
        H = hessian(p_fn, argnums=1)(params, x)                       # (2, 2, 2)
        lap = torch.stack([torch.trace(h) for h in H])
        p_re, p_im = p_fn(params, x).unbind(-1)
        n_re, n_im = booth.n2(x)
        c2, k2 = booth.c2(x), booth.k ** 2
        r_re = c2 * lap[0] + k2 * (n_re * p_re - n_im * p_im) + booth.source(x)
        r_im = c2 * lap[1] + k2 * (n_re * p_im + n_im * p_re)
        return torch.stack([r_re, r_im])

    def grad_residual(params, x):
        return jacrev(residual, argnums=1)(params, x)                 # (2, 2)

    def normal_derivative(params, x, n):
        return jacrev(p_fn, argnums=1)(params, x) @ n                 # (2,)

    return p_fn, residual, grad_residual, normal_derivative


def wall_points(m):
    s = torch.rand(m, 1)
    z, o = torch.zeros_like(s), torch.ones_like(s)
    pts = torch.cat([torch.cat([s, z], 1), torch.cat([s, o], 1), torch.cat([z, s], 1)])
    nrm = torch.cat([torch.cat([z, -o], 1), torch.cat([z, o], 1), torch.cat([-o, z], 1)])
    return pts, nrm


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--freq", type=float, default=250.0)
    ap.add_argument("--size", type=float, default=1.2, help="booth depth in m")
    ap.add_argument("--act", default="sine", choices=sorted(ACTS))
    ap.add_argument("--n-col", type=int, default=48)
    ap.add_argument("--n-wall", type=int, default=16)
    ap.add_argument("--w-grad", type=float, default=0.01)
    ap.add_argument("--beta", type=float, default=0.3, help="wall admittance")
    ap.add_argument("--steps", type=int, default=3)
    args = ap.parse_args()
    torch.manual_seed(2)
    model = PressureNet(act=args.act)
    booth = Booth(args)
    params = dict(model.named_parameters())
    p_fn, residual, grad_residual, normal_derivative = make_fns(model, booth)
    opt = torch.optim.Adam(list(model.parameters()) + [booth.raw_loss, booth.raw_plume], lr=1e-3)
    for step in range(args.steps):
        x = torch.rand(args.n_col, 2)
        r = vmap(residual, in_dims=(None, 0))(params, x)
        gr = vmap(grad_residual, in_dims=(None, 0))(params, x)
        xw, nw = wall_points(args.n_wall)
        dpdn = vmap(normal_derivative, in_dims=(None, 0, 0))(params, xw, nw)
        pw = vmap(p_fn, in_dims=(None, 0))(params, xw)
        robin = dpdn + booth.k * args.beta * torch.stack([-pw[:, 1], pw[:, 0]], -1)
        loss = r.pow(2).mean() + args.w_grad * gr.pow(2).mean() + robin.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4e} res {r.pow(2).mean().item():.3e} "
              f"gres {gr.pow(2).mean().item():.3e} eta {F.softplus(booth.raw_loss).item():.3f} plume {booth.raw_plume.item():+.4f}")
    with torch.no_grad():
        spl = 20 * torch.log10(vmap(p_fn, in_dims=(None, 0))(params, torch.rand(256, 2)).norm(dim=-1) + 1e-6)
    print(f"mean SPL (arb. ref) {spl.mean().item():.2f} dB")


if __name__ == "__main__":
    main()
