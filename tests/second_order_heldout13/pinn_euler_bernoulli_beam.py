"""Physics-informed network for a simply supported Euler-Bernoulli beam under a distributed load:
EI w''''(x) = q(x) on [0, L], w(0) = w(L) = 0, w''(0) = w''(L) = 0. The fourth derivative comes from
nested autograd.grad calls with create_graph=True."""
import math

import torch
import torch.nn as nn

EI, L = 1.0, 1.0


class BeamNet(nn.Module):
    def __init__(self, width=32, depth=3, n_freq=4):
        super().__init__()
        self.register_buffer("freqs", torch.arange(1, n_freq + 1, dtype=torch.float32) * math.pi / L)
        layers, d_in = [], 1 + 2 * n_freq
        for _ in range(depth):
            layers += [nn.Linear(d_in, width), nn.Tanh()]
            d_in = width
        layers.append(nn.Linear(width, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        feats = torch.cat([x, torch.sin(x * self.freqs), torch.cos(x * self.freqs)], dim=-1)
        return self.net(feats)


def d(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def load(x):
    return torch.sin(math.pi * x / L)


def pinn_loss(model, n_col=64):
    x = (torch.rand(n_col, 1) * L).requires_grad_(True)
    w = model(x)
    w_x = d(w, x)
    w_xx = d(w_x, x)
    w_xxx = d(w_xx, x)
    w_xxxx = d(w_xxx, x)
    residual = EI * w_xxxx - load(x)
    xb = torch.tensor([[0.0], [L]], requires_grad=True)
    wb = model(xb)
    wb_xx = d(d(wb, xb), xb)
    return residual.pow(2).mean() + 100.0 * (wb.pow(2).mean() + wb_xx.pow(2).mean())


if __name__ == "__main__":
    model = BeamNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(2):
        loss = pinn_loss(model)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())
