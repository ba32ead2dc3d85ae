"""Partition-of-unity network for the diaphragm deflection w(x, y) with a clamped-edge factor (1 - r^2)^2."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_activation(name):
    if name == "gelu_tanh":
        return nn.GELU(approximate="tanh")
    if name == "silu":
        return nn.SiLU()
    if name == "tanh":
        return nn.Tanh()
    raise KeyError(name)


class Expert(nn.Module):
    def __init__(self, width, act):
        super().__init__()
        self.l1, self.l2, self.l3 = nn.Linear(2, width), nn.Linear(width, width), nn.Linear(width, 1)
        self.a1, self.a2 = make_activation(act), make_activation(act)

    def forward(self, X):
        return self.l3(self.a2(self.l2(self.a1(self.l1(X))))).squeeze(-1)


class PartitionOfUnityNet(nn.Module):
    def __init__(self, experts, expert_width, expert_act, gate_temperature):
        super().__init__()
        self.gate = nn.Linear(2, experts)
        self.tau = gate_temperature
        self.experts = nn.ModuleList(Expert(expert_width, expert_act) for _ in range(experts))
        self.boundary_layer = nn.Sequential(nn.Linear(1, 8), nn.ReLU6(), nn.Linear(8, 1))

    def weights(self, X):
        return F.log_softmax(self.gate(X) / self.tau, dim=-1).exp()

    def forward(self, X):
        r2 = (X * X).sum(-1)
        local = torch.stack([e(X) for e in self.experts], dim=-1)
        return (1.0 - r2) ** 2 * (self.weights(X) * local).sum(-1)

    def edge_profile(self, r):
        return self.boundary_layer(r.unsqueeze(-1)).squeeze(-1)


def build(model_cfg):
    return PartitionOfUnityNet(**model_cfg)
