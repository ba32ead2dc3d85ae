import torch
import torch.nn as nn

import config


def _elu_block(d_in, d_out):
    return [nn.Linear(d_in, d_out), nn.ELU()], d_out


def _tanh_block(d_in, d_out):
    return [nn.Linear(d_in, d_out), nn.Tanh()], d_out


def _prelu_block(d_in, d_out):
    return [nn.Linear(d_in, d_out), nn.PReLU()], d_out


def _hardshrink_block(d_in, d_out):
    return [nn.Linear(d_in, d_out), nn.Hardshrink(0.1)], d_out


def _gn_prelu_block(d_in, d_out):
    return [nn.Linear(d_in, d_out), nn.GroupNorm(2, d_out), nn.PReLU()], d_out


BLOCKS = {"elu": _elu_block, "tanh": _tanh_block, "prelu": _prelu_block,
          "hardshrink": _hardshrink_block, "gn_prelu": _gn_prelu_block}


def build_mlp(d_in, names, d_out):
    layers, width = [], d_in
    for name in names:
        block, width = BLOCKS[name](width, config.HIDDEN)
        layers = layers + block
    layers = layers + [nn.Linear(width, d_out)]
    return nn.Sequential(*layers)


class DeepONet(nn.Module):
    def __init__(self):
        super().__init__()
        self.branch = build_mlp(config.N_SENSORS, config.BRANCH_BLOCKS, config.LATENT)
        self.trunk = build_mlp(1, config.TRUNK_BLOCKS, config.LATENT)
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, sensors, x):
        b = self.branch(sensors)                      # (B, p)
        B, N, _ = x.shape
        t = self.trunk(x.reshape(B * N, 1)).reshape(B, N, -1)
        return torch.einsum("bp,bnp->bn", b, t) + self.bias
