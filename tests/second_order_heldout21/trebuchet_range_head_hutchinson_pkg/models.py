"""Surrogates for trebuchet throw range (counterweight, arm ratio, sling length, release pin angle, ...)."""
import torch.nn as nn


def make_trunk(d_in, width):
    return nn.Sequential(
        nn.Linear(d_in, width),
        nn.ELU(),
        nn.Linear(width, width),
        nn.ELU(),
    )


class RangeSurrogate(nn.Module):
    def __init__(self, d_in=6, width=32):
        super().__init__()
        self.trunk = make_trunk(d_in, width)
        self.head = nn.Sequential(
            nn.Linear(width, width),
            nn.PReLU(),
            nn.Linear(width, 1),
        )

    def forward(self, x):
        return self.head(self.trunk(x)).squeeze(-1)


class WideRangeSurrogate(RangeSurrogate):
    def __init__(self, d_in=6):
        super().__init__(d_in, width=64)


MODELS = {"base": RangeSurrogate, "wide": WideRangeSurrogate}
