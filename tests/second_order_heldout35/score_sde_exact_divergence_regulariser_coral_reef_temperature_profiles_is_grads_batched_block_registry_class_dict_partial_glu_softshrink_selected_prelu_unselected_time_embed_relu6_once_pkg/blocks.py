"""Hidden blocks of the score network, registered by name in a class-level table."""
import functools

import torch.nn as nn


class BlockFactory:
    table = {}

    @classmethod
    def register(cls, name, fn, **kw):
        cls.table[name] = functools.partial(fn, **kw)

    @classmethod
    def build(cls, name, width):
        return cls.table[name](width)


def _glu_block(width):
    return nn.Sequential(nn.Linear(width, 2 * width), nn.GLU(dim=-1))


def _prelu_block(width, init=0.25):
    return nn.Sequential(nn.Linear(width, width), nn.PReLU(width, init=init))


def _shrink_block(width, lambd):
    return nn.Sequential(nn.Linear(width, width), nn.Softshrink(lambd))


def _squash_block(width, act):
    return nn.Sequential(nn.Linear(width, width), act())


BlockFactory.register("glu", _glu_block)
BlockFactory.register("prelu", _prelu_block, init=0.1)
BlockFactory.register("shrink", _shrink_block, lambd=0.05)
BlockFactory.register("softsign", _squash_block, act=nn.Softsign)
