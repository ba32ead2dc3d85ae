"""PINN for the static deflection of a diving board (Euler-Bernoulli cantilever, EI w'''' = q)."""
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "gelu_tanh": partial(F.gelu, approximate="tanh"),
    "relu6": F.relu6,
    "softplus": F.softplus,
}


@dataclass
class BoardConfig:
    length: float = 1.0
    ei: float = 1.0
    load: float = 1.0
    width: int = 24
    depth: int = 3
    activation: str = "gelu_tanh"
    iters: int = 3


class DeflectionNet(nn.Module):
    def __init__(self, cfg: BoardConfig):
        super().__init__()
        dims = [1] + [cfg.width] * cfg.depth
        self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = nn.Linear(cfg.width, 1)
        self.act = ACTIVATIONS[cfg.activation]

    def forward(self, x):
        for lin in self.hidden:
            x = self.act(lin(x))
        return self.out(x)


def d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def residual_loss(net, cfg, x):
    x = x.requires_grad_(True)
    w = net(x)
    w1 = d(w, x)
    w2 = d(w1, x)
    w4 = d(d(w2, x), x)
    pde = cfg.ei * w4 - cfg.load
    # clamped at x=0: w = w' = 0; free at x=L: w'' = w''' = 0
    x0 = torch.zeros(1, 1, requires_grad=True)
    xl = torch.full((1, 1), cfg.length, requires_grad=True)
    w0 = net(x0)
    wl2 = d(d(net(xl), xl), xl)
    wl3 = d(wl2, xl)
    bc = w0.pow(2) + d(w0, x0).pow(2) + wl2.pow(2) + wl3.pow(2)
    return pde.pow(2).mean() + bc.sum()


def main(cfg=BoardConfig()):
    torch.manual_seed(0)
    net = DeflectionNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(cfg.iters):
        x = torch.rand(32, 1) * cfg.length
        loss = residual_loss(net, cfg, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())


if __name__ == "__main__":
    main()
