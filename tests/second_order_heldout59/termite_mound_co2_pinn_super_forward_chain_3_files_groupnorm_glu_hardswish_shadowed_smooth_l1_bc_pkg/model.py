"""Output heads; the config picks one by name."""
import torch.nn as nn

from blocks import ResidualFieldNet
from layers import FourierFieldNet


class GatedFieldNet(ResidualFieldNet):
    def __init__(self, width=32, n_freq=8, scale=1.5, groups=4):
        super().__init__(width, n_freq, scale, groups)
        self.expand = nn.Linear(width, 2 * width)
        self.gate = nn.GLU(dim=-1)
        self.head = nn.Linear(width, 1)

    def forward(self, zt):
        h = super().forward(zt)
        h = self.gate(self.expand(h))
        return self.head(h)


class PlainFieldNet(FourierFieldNet):
    """Ablation without the residual block (keeps the base activation)."""

    def __init__(self, width=32, n_freq=8, scale=1.5):
        super().__init__(width, n_freq, scale)
        self.head = nn.Linear(width, 1)

    def forward(self, zt):
        return self.head(super().forward(zt))


MODELS = {"gated": GatedFieldNet, "plain": PlainFieldNet}
