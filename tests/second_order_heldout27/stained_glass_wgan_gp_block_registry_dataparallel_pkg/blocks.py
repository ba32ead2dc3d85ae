from functools import partial

import torch.nn as nn

ACTIVATIONS = {
    "lrelu": partial(nn.LeakyReLU, 0.2),
    "prelu": nn.PReLU,
    "hswish": nn.Hardswish,
}

NORMS = {
    "none": lambda c: nn.Identity(),
    "gn": lambda c: nn.GroupNorm(num_groups=4, num_channels=c),
    "ln": lambda c: nn.GroupNorm(num_groups=1, num_channels=c),
}


def make_down(kind):
    if kind == "avg":
        return nn.AvgPool2d(2)
    if kind == "max":
        return nn.MaxPool2d(2)
    return nn.Identity()


class CriticBlock(nn.Module):
    def __init__(self, c_in, c_out, act, norm, down):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, 3, padding=1)
        self.norm = NORMS[norm](c_out)
        self.act = ACTIVATIONS[act]()
        self.down = make_down(down)

    def forward(self, x):
        return self.down(self.act(self.norm(self.conv(x))))
