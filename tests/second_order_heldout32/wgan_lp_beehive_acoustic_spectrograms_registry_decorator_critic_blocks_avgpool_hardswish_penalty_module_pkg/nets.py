import torch
from torch import nn

BLOCKS = {}


def register(name):
    def deco(fn):
        BLOCKS[name] = fn
        return fn
    return deco


@register("conv_hswish")
def conv_hswish(c_in, c_out):
    return [nn.Conv2d(c_in, c_out, 3, padding=1), nn.Hardswish()], c_out


@register("conv_elu")
def conv_elu(c_in, c_out):
    return [nn.Conv2d(c_in, c_out, 3, padding=1), nn.ELU()], c_out


@register("down")
def down(c_in, c_out):
    return [nn.AvgPool2d(2)], c_in


class Critic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        layers, c = [], 1
        for name in cfg.critic_blocks:
            mods, c = BLOCKS[name](c, cfg.width)
            layers.extend(mods)
        self.features = nn.Sequential(*layers)
        side = cfg.n_mels // 4
        self.score = nn.Linear(c * side * side, 1)

    def forward(self, spec):
        return self.score(self.features(spec).flatten(1))


class Generator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.shape = (1, cfg.n_mels, cfg.frames)
        self.net = nn.Sequential(
            nn.Linear(cfg.z_dim, 64), nn.Hardswish(), nn.Linear(64, cfg.n_mels * cfg.frames), nn.Softplus()
        )

    def forward(self, z):
        return self.net(z).view(-1, *self.shape)
