"""Hamiltonian network: a scalar H(q, p) whose symplectic gradient gives the dynamics."""
import torch
import torch.nn as nn

ACTIVATIONS = {
    "relu6": nn.ReLU6,
    "elu": nn.ELU,
    "tanh": nn.Tanh,
    "hswish": nn.Hardswish,
}


class HamiltonianNet(nn.Module):
    def __init__(self, dim, width, act):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2 * dim, width), ACTIVATIONS[act](), nn.Linear(width, width),
                                 ACTIVATIONS[act](), nn.Linear(width, 1))

    def forward(self, q, p):
        return self.net(torch.cat([q, p], dim=-1))


class Damping(nn.Module):
    def __init__(self, dim, act):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), ACTIVATIONS[act]())

    def forward(self, p):
        return self.net(p)
