"""ANIL backbone (Raghu et al., 2020): a 4-block conv feature extractor; only the linear head is adapted."""
import torch
import torch.nn as nn


def conv_block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ELU(),
        nn.MaxPool2d(2),
    )


class Backbone(nn.Module):
    def __init__(self, ch=32, blocks=4):
        super().__init__()
        self.blocks = nn.Sequential(*[conv_block(3 if i == 0 else ch, ch) for i in range(blocks)])

    def forward(self, x):
        return self.blocks(x).flatten(1)


class Head(nn.Module):
    def __init__(self, d_feat, n_way):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(n_way, d_feat))
        self.bias = nn.Parameter(torch.zeros(n_way))
