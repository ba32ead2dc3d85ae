"""Field embedders and the table of decision-layer activations."""
import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "relu": F.relu,
    "elu": F.elu,
    "hardswish": F.hardswish,
    "softsign": F.softsign,
}


def activation(name):
    return ACTIVATIONS[name]


class FieldEmbedder(nn.Module):
    """One nn.Embedding per categorical field, concatenated."""

    def __init__(self, fields, dim):
        super().__init__()
        self.names = list(fields)
        self.tables = nn.ModuleDict({name: nn.Embedding(card, dim) for name, card in fields.items()})

    def forward(self, feats):
        return torch.cat([self.tables[name](feats[:, i]) for i, name in enumerate(self.names)], dim=-1)
