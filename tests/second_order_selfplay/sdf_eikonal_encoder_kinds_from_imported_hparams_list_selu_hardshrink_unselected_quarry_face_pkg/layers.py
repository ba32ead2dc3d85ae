import torch.nn as nn

from hparams import ENCODER_LAYERS, WIDTH


def selu_unit(n):
    return [nn.Linear(n, n), nn.SELU()]


def tanh_unit(n):
    return [nn.Linear(n, n), nn.Tanh()]


def shrink_unit(n):
    return [nn.Linear(n, n), nn.Hardshrink(0.2)]


UNITS = {"selu": selu_unit, "tanh": tanh_unit, "shrink": shrink_unit}


class FaceSDF(nn.Module):
    def __init__(self):
        super().__init__()
        mods = [nn.Linear(3, WIDTH)]
        for kind in ENCODER_LAYERS:
            mods.extend(UNITS[kind](WIDTH))
        mods.append(nn.Linear(WIDTH, 1))
        self.body = nn.Sequential(*mods)

    def forward(self, p):
        return self.body(p)
