import torch.nn as nn

ARCHS = {}


def arch(name):
    def deco(cls):
        ARCHS[name] = cls
        return cls
    return deco


@arch("conv_head")
class ConvHead(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.order = [key for key, _, _ in layers]
        self.layers = nn.ModuleDict({key: getattr(nn, cls)(**kw) for key, cls, kw in layers})

    def forward(self, x):
        for key in self.order:
            x = self.layers[key](x)
        return x.squeeze(-1)


def build(cfg):
    return ARCHS[cfg.arch](cfg.layers)
