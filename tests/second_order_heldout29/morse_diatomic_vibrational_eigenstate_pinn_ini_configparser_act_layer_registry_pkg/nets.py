"""Wavefunction networks; the activation layer class is chosen by name."""
import torch
import torch.nn as nn


class Sine(nn.Module):
    def forward(self, x):
        return torch.sin(x)


ACT_LAYERS = {
    "tanh": nn.Tanh,
    "sine": Sine,
    "elu": nn.ELU,
    "silu": nn.SiLU,
}


class WaveFunctionNet(nn.Module):
    """psi(r) = envelope(r) * MLP(r), vanishing at both ends of the box."""

    def __init__(self, r_min, r_max, width=32, depth=3, act_layer=nn.Tanh):
        super().__init__()
        self.r_min, self.r_max = r_min, r_max
        dims = [1] + [width] * depth
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.acts = nn.ModuleList(act_layer() for _ in range(depth))
        self.out = nn.Linear(width, 1)

    def forward(self, r):
        h = (r - self.r_min) / (self.r_max - self.r_min) * 2 - 1
        for layer, act in zip(self.layers, self.acts):
            h = act(layer(h))
        envelope = (r - self.r_min) * (self.r_max - r)
        return envelope * self.out(h)


def build_wavefunction(model_cfg, r_min, r_max):
    act_layer = ACT_LAYERS[model_cfg.get("activation", fallback="tanh")]
    return WaveFunctionNet(r_min, r_max, width=model_cfg.getint("width"),
                           depth=model_cfg.getint("depth"), act_layer=act_layer)
