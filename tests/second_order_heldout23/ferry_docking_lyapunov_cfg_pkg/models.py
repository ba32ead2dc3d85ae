import torch
import torch.nn as nn

ACTS = {
    "tanh": nn.Tanh,
    "elu": nn.ELU,
    "tshrink": nn.Tanhshrink,
    "hswish": nn.Hardswish,
}


def mlp(din, hidden, dout, act):
    return nn.Sequential(nn.Linear(din, hidden), ACTS[act](), nn.Linear(hidden, hidden), ACTS[act](), nn.Linear(hidden, dout))


class LyapunovNet(nn.Module):
    """V(x) = ||phi(x) - phi(0)||^2 + eps ||x||^2 (positive definite by construction)."""

    def __init__(self, cfg):
        super().__init__()
        self.phi = mlp(cfg.state_dim, cfg.hidden, cfg.hidden, cfg.act)

    def forward(self, x):
        z = self.phi(x) - self.phi(torch.zeros_like(x))
        return (z ** 2).sum(-1) + 1e-2 * (x ** 2).sum(-1)


class DockingController(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.pi = mlp(cfg.state_dim, cfg.hidden, 2, cfg.ctrl_act)

    def forward(self, x):
        return torch.tanh(self.pi(x))
