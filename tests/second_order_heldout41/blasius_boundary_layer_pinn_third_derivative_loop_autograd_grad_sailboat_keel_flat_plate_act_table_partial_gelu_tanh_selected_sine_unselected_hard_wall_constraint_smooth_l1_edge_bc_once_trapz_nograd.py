"""Physics-informed network for the Blasius similarity solution of the laminar boundary layer on a
flat plate (used here for the leading part of a sailboat keel fin at low Reynolds number).

    2 f''' + f f'' = 0,   f(0) = f'(0) = 0,   f'(eta -> inf) = 1

The wall conditions are built into the ansatz f = eta^2 / (1 + eta) * g(eta); the edge condition is a
soft penalty.  The third derivative is taken by repeated autograd.grad with create_graph=True.
Monitored: the wall shear f''(0) (reference 0.33206) and the displacement thickness.
"""
import time
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class Sine(nn.Module):
    def __init__(self, w0=1.0):
        super().__init__()
        self.w0 = w0

    def forward(self, x):
        return torch.sin(self.w0 * x)


ACTS = {
    "tanh": nn.Tanh,
    "gelu_tanh": partial(nn.GELU, approximate="tanh"),
    "sine": partial(Sine, w0=2.0),
}

CFG = {
    "eta_max": 8.0,
    "width": 32,
    "depth": 3,
    "act": "gelu_tanh",
    "n_colloc": 128,
    "w_edge": 10.0,
    "lr": 2e-3,
    "steps": 4,
}


class BlasiusNet(nn.Module):
    def __init__(self, width, depth, act, eta_max):
        super().__init__()
        self.eta_max = eta_max
        layers, d_in = [], 1
        for _ in range(depth):
            layers += [nn.Linear(d_in, width), ACTS[act]()]
            d_in = width
        layers.append(nn.Linear(d_in, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, eta):
        g = self.mlp(eta / self.eta_max * 2.0 - 1.0)
        return eta ** 2 / (1.0 + eta) * (1.0 + g)


def derivatives(model, eta, order=3):
    out = [model(eta)]
    for _ in range(order):
        d, = torch.autograd.grad(out[-1].sum(), eta, create_graph=True)
        out.append(d)
    return out


def blasius_loss(model, cfg):
    eta = (torch.rand(cfg["n_colloc"], 1) ** 1.5 * cfg["eta_max"]).requires_grad_(True)
    f, fp, fpp, fppp = derivatives(model, eta)
    residual = 2.0 * fppp + f * fpp
    edge = torch.full((8, 1), cfg["eta_max"]).requires_grad_(True)
    _, fp_edge = derivatives(model, edge, order=1)
    bc = F.smooth_l1_loss(fp_edge, torch.ones_like(fp_edge), beta=0.1)
    return residual.pow(2).mean(), bc


def wall_shear(model):
    eta0 = torch.zeros(1, 1, requires_grad=True)
    _, _, fpp = derivatives(model, eta0, order=2)
    return fpp.item()


@torch.no_grad()
def displacement_thickness(model, eta_max, n=400):
    eta = torch.linspace(0, eta_max, n)
    f = model(eta.unsqueeze(1)).squeeze(1)
    fp = torch.diff(f) / torch.diff(eta)          # f' by finite differences, no autograd
    return torch.trapz(1.0 - fp, eta[1:]).item()  # delta* in similarity units (reference 1.7208)


def main(cfg=CFG):
    torch.manual_seed(5)
    model = BlasiusNet(cfg["width"], cfg["depth"], cfg["act"], cfg["eta_max"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    t0 = time.time()
    for step in range(cfg["steps"]):
        res, bc = blasius_loss(model, cfg)
        loss = res + cfg["w_edge"] * bc
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: pde {res.item():.3e} edge {bc.item():.3e} f''(0) {wall_shear(model):.4f} "
              f"delta* {displacement_thickness(model, cfg['eta_max']):.3f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
