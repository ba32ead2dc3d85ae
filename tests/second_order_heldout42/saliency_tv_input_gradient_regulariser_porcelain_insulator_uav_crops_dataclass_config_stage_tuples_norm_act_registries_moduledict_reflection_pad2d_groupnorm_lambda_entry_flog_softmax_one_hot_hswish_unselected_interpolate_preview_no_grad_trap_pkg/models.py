"""Insulator crop classifier assembled from the stage table; layers are chosen by short strings."""
import torch
import torch.nn as nn

NORMS = {
    "gn": lambda c: nn.GroupNorm(4, c),
    "bn": lambda c: nn.BatchNorm2d(c),
    "none": lambda c: nn.Identity(),
}

ACTS = {
    "softsign": nn.Softsign,
    "hswish": nn.Hardswish,
    "relu": nn.ReLU,
}


def conv_block(cin, cout, stride, norm, act):
    """Unpadded conv (padding is done by the model) + norm + activation."""
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride=stride, padding=0),
        NORMS[norm](cout),
        ACTS[act](),
    )


class InsulatorNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.pad = nn.ReflectionPad2d(cfg.pad)
        self.stages = nn.ModuleDict()
        cin = cfg.in_ch
        for name, cout, stride, norm, act in cfg.stages:
            self.stages[name] = conv_block(cin, cout, stride, norm, act)
            cin = cout
        self.head = nn.Linear(cin, cfg.n_cls)

    def features(self, x):
        h = x
        for name, block in self.stages.items():
            h = block(self.pad(h))
        return h

    def forward(self, x):
        return self.head(self.features(x).mean(dim=(2, 3)))

    @torch.no_grad()
    def predict(self, x):
        return self.forward(x).argmax(-1)
