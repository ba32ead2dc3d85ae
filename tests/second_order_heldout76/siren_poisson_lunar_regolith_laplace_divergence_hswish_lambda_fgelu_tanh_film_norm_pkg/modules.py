import math

import torch
import torch.nn as nn
import torch.nn.functional as F

HEAD_ACTS = {
    "hardswish": lambda: nn.Hardswish(),
    "softsign": lambda: nn.Softsign(),
    "sine": lambda: Sine(1.0),
}


class Sine(nn.Module):
    def __init__(self, omega):
        super().__init__()
        self.omega = omega

    def forward(self, x):
        return torch.sin(self.omega * x)


class SineLayer(nn.Module):
    def __init__(self, in_f, out_f, omega, is_first=False):
        super().__init__()
        self.omega = omega
        self.linear = nn.Linear(in_f, out_f)
        bound = 1 / in_f if is_first else math.sqrt(6 / in_f) / omega
        nn.init.uniform_(self.linear.weight, -bound, bound)

    def forward(self, x, film_scale=None, film_shift=None):
        h = self.omega * self.linear(x)
        if film_scale is not None:
            h = h * film_scale + film_shift
        return torch.sin(h)


class ConditionedSiren(nn.Module):
    """SIREN with per-scene FiLM modulation from a learned scene code."""

    def __init__(self, cfg):
        super().__init__()
        h = cfg["hidden"]
        self.codes = nn.Embedding(cfg["n_scenes"], cfg["code_dim"])
        self.film = nn.Linear(cfg["code_dim"], 2 * h * cfg["n_sine_layers"])
        self.layers = nn.ModuleList(
            [SineLayer(2, h, cfg["first_omega"], is_first=True)]
            + [SineLayer(h, h, cfg["hidden_omega"]) for _ in range(cfg["n_sine_layers"] - 1)])
        self.head_act = HEAD_ACTS[cfg["head_act"]]()
        self.skip = nn.Linear(2, h)
        self.out = nn.Linear(h, 1)

    def forward(self, coords, scene):
        code = F.normalize(self.codes(scene), dim=-1)
        film = self.film(code).chunk(2 * len(self.layers), dim=-1)
        h = coords
        for i, layer in enumerate(self.layers):
            h = layer(h, 1.0 + film[2 * i], film[2 * i + 1])
        h = self.head_act(h) + F.gelu(self.skip(coords), approximate="tanh")
        return self.out(h).squeeze(-1)
