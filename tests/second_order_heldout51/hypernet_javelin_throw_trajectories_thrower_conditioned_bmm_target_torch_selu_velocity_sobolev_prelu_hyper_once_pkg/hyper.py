import math
from collections import OrderedDict

import torch
import torch.nn as nn

from config import (COND_DIM, EMB_DIM, HYPER_HIDDEN, N_FREQ, N_THROWERS, TARGET_HIDDEN,
                    WEIGHT_SCALE)

TARGET_SHAPES = OrderedDict([
    ("w1", (TARGET_HIDDEN, 2 * N_FREQ + 1)), ("b1", (TARGET_HIDDEN,)),
    ("w2", (TARGET_HIDDEN, TARGET_HIDDEN)), ("b2", (TARGET_HIDDEN,)),
    ("w3", (2, TARGET_HIDDEN)), ("b3", (2,)),
])


class HyperNet(nn.Module):
    """thrower id + release conditions -> every weight of the trajectory network."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(N_THROWERS, EMB_DIM)
        self.trunk = nn.Sequential(
            nn.Linear(EMB_DIM + COND_DIM, HYPER_HIDDEN),
            nn.LayerNorm(HYPER_HIDDEN),
            nn.PReLU(),
            nn.Linear(HYPER_HIDDEN, HYPER_HIDDEN),
            nn.PReLU(),
        )
        self.heads = nn.ModuleDict(
            {name: nn.Linear(HYPER_HIDDEN, math.prod(shape)) for name, shape in TARGET_SHAPES.items()})

    def forward(self, thrower, cond):
        z = self.trunk(torch.cat([self.embed(thrower), cond], dim=-1))
        b = z.shape[0]
        return {name: WEIGHT_SCALE * head(z).view(b, *TARGET_SHAPES[name])
                for name, head in self.heads.items()}
