"""Cell-type classifier for single-cell expression profiles (log-normalised counts of highly variable genes)."""
from dataclasses import dataclass, field

import torch
from torch import nn

ACTIVATIONS = {
    "relu": nn.ReLU,
    "prelu": nn.PReLU,
    "tanh": nn.Tanh,
    "hswish": nn.Hardswish,
}


@dataclass
class ClassifierConfig:
    n_genes: int = 2000
    hidden: list = field(default_factory=lambda: [256, 128])
    n_types: int = 12
    act: str = "relu"
    dropout: float = 0.0


class ResidualBlock(nn.Module):
    def __init__(self, dim, act):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.act = ACTIVATIONS[act]()

    def forward(self, x):
        return x + self.act(self.norm(self.lin(x)))


class CellTypeClassifier(nn.Module):
    def __init__(self, cfg: ClassifierConfig):
        super().__init__()
        dims = [cfg.n_genes] + list(cfg.hidden)
        layers = []
        for d_in, d_out in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(d_in, d_out), ACTIVATIONS[cfg.act](), ResidualBlock(d_out, cfg.act)]
        self.body = nn.Sequential(*layers)
        self.classifier = nn.Linear(dims[-1], cfg.n_types)

    def forward(self, x):
        return self.classifier(self.body(x))
