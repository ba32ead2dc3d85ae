"""Hamiltonian net whose trunk is built from a `dict(...)` of maker functions, each returning a tuple of layers and
the next width, picked by the tuple default of an options dataclass; trained on the gradient of its energy."""
from dataclasses import dataclass

import torch
from torch import nn


def lin_tanh(n_in, n_out):
    return (nn.Linear(n_in, n_out), nn.Tanh()), n_out


def lin_hshrink(n_in, n_out):
    return (nn.Linear(n_in, n_out), nn.Hardshrink(0.2)), n_out


def lin_relu6(n_in, n_out):
    return (nn.Linear(n_in, n_out), nn.ReLU6()), n_out


MAKERS = dict(tanh=lin_tanh, hshrink=lin_hshrink, relu6=lin_relu6)


@dataclass
class NetOpts:
    layout: tuple = ("hshrink", "tanh")
    hidden: int = 16


class HNN(nn.Module):
    def __init__(self, opts: NetOpts):
        super().__init__()
        trunk, n = [], 2
        for kind in opts.layout:
            pair, n = MAKERS[kind](n, opts.hidden)
            trunk.extend(pair)
        self.trunk = nn.Sequential(*trunk, nn.Linear(n, 1))

    def forward(self, q):
        return self.trunk(q)


def train(opts=NetOpts(), steps=3):
    net = HNN(opts)
    optim = torch.optim.Adam(net.parameters(), 1e-3)
    for _ in range(steps):
        q = torch.randn(8, 2, requires_grad=True)
        energy = net(q).sum()
        dq = torch.autograd.grad(energy, q, create_graph=True)[0]
        loss = (dq - torch.randn(8, 2)).pow(2).mean()
        optim.zero_grad()
        loss.backward()
        optim.step()


if __name__ == "__main__":
    train()
