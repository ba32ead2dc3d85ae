from collections import OrderedDict

import torch.nn as nn

BLOCKS = {}


def register_block(name):
    def deco(fn):
        BLOCKS[name] = fn
        return fn
    return deco


@register_block("stem")
def stem(cout):
    return nn.Sequential(nn.Conv2d(3, cout, 3, padding=1), nn.LeakyReLU(0.2))


class DownBlock(nn.Module):
    def __init__(self, cin, cout, out_hw):
        super().__init__()
        self.conv = nn.Conv2d(cin, 2 * cout, 3, padding=1)
        self.glu = nn.GLU(dim=1)
        self.pool = nn.AdaptiveMaxPool2d(out_hw)

    def forward(self, x):
        return self.pool(self.glu(self.conv(x)))


register_block("down")(DownBlock)


@register_block("head")
def head(cin, hw):
    return nn.Sequential(nn.Flatten(), nn.Linear(cin * hw * hw, 1))


@register_block("project")
def project(nz, cout, hw):
    return nn.Sequential(nn.Linear(nz, cout * hw * hw), nn.Unflatten(1, (cout, hw, hw)))


@register_block("up")
def up(cin, cout):
    return nn.Sequential(nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False),
                         nn.Conv2d(cin, cout, 3, padding=1), nn.PReLU(cout))


@register_block("to_rgb")
def to_rgb(cin):
    return nn.Sequential(nn.Conv2d(cin, 3, 1), nn.Tanh())


def build(spec):
    layers = OrderedDict()
    for i, (name, kwargs) in enumerate(spec):
        layers["%02d_%s" % (i, name)] = BLOCKS[name](**kwargs)
    return nn.Sequential(layers)
