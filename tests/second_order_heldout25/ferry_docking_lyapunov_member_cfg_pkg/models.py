"""Neural Lyapunov function and docking controller for an autonomous harbour ferry (surge, sway, yaw)."""
import torch
import torch.nn as nn

NONLIN = {
    "relu6": nn.ReLU6,
    "hswish": nn.Hardswish,
    "tanh": nn.Tanh,
}


class Block(nn.Module):
    def __init__(self, d_in, d_out, nonlin):
        super().__init__()
        self.fc = nn.Linear(d_in, d_out)
        self.act = NONLIN[nonlin]()

    def forward(self, x):
        return self.act(self.fc(x))


class LyapunovNet(nn.Module):
    def __init__(self, d_state=6, width=32, nonlin="tanh"):
        super().__init__()
        self.blocks = nn.Sequential(Block(d_state, width, nonlin), Block(width, width, nonlin))
        self.proj = nn.Linear(width, width)

    def energy(self, x):
        phi = self.proj(self.blocks(x))
        return (phi * phi).sum(-1, keepdim=True) + 1e-2 * (x * x).sum(-1, keepdim=True)

    def forward(self, x):
        return self.energy(x)


class DockingPolicy(nn.Module):
    def __init__(self, d_state=6, d_act=3, width=32, nonlin="tanh"):
        super().__init__()
        self.body = nn.Sequential(Block(d_state, width, nonlin), nn.Linear(width, d_act))

    def forward(self, x):
        return torch.tanh(self.body(x))


class FerryController(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.lyap = LyapunovNet(nonlin=cfg.lyap_nonlin)
        self.policy = DockingPolicy(nonlin=cfg.policy_nonlin)
