import torch
import torch.nn as nn

import conf
from utils import instantiate


class FibreClassifier(nn.Module):
    """Classifies microplastic fibres (polyester / nylon / acrylic / cotton); energy = -logsumexp(logits)."""

    def __init__(self, cfg=conf.MODEL):
        super().__init__()
        self.stem = nn.Sequential(*[instantiate(node) for node in cfg["stem"]])
        self.head = instantiate(cfg["head"])

    def forward(self, x):
        return self.head(self.stem(x).flatten(1))

    def energy(self, x):
        return -torch.logsumexp(self.forward(x), dim=1)
