import torch
import torch.nn as nn

ACTIVATIONS = {
    "selu": nn.SELU,
    "silu": nn.SiLU,
    "softshrink": nn.Softshrink,
    "celu": nn.CELU,
}


class PressureField(nn.Module):
    """p(x, y) inside the violin's air cavity (unit square stand-in)."""

    def __init__(self, cfg):
        super().__init__()
        act_cls = ACTIVATIONS[cfg.activation]
        self.linears = nn.ModuleList(
            [nn.Linear(a, b) for a, b in zip(cfg.widths[:-1], cfg.widths[1:])]
        )
        self.acts = nn.ModuleList([act_cls() for _ in cfg.widths[1:-1]])

    def forward(self, xy):
        h = xy
        for lin, act in zip(self.linears[:-1], self.acts):
            h = act(lin(h))
        return self.linears[-1](h)
