"""Critic whose layers sit in a registry module with name aliases."""
import torch.nn as nn


class Registry(nn.Module):
    """Layers passed by keyword; `reg.norm` reads the layer an alias names."""

    def __init__(self, *, aliases=None, **entries):
        super().__init__()
        for key, module in entries.items():
            setattr(self, key, module)
        object.__setattr__(self, "aliases", dict(aliases or {}))

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return super().__getattr__(object.__getattribute__(self, "aliases")[name])


class SunspotCritic(nn.Module):
    def __init__(self, opts):
        super().__init__()
        c = opts["channels"]
        self.nonlin = nn.ModuleDict(dict(tanh=nn.Tanh(), hardswish=nn.Hardswish(), relu6=nn.ReLU6()))
        self.kind = opts["act"]
        self.reg = Registry(
            aliases={"norm": f"{opts['norm']}_norm"},
            pad=nn.ReflectionPad2d(1),
            conv=nn.Conv2d(1, c, 3),
            gn_norm=nn.GroupNorm(2, c),
            ln_norm=nn.LayerNorm([c, 12, 12]),
            score=nn.Linear(c, 1),
        )

    def forward(self, img):
        r = self.reg
        h = self.nonlin[self.kind](r.norm(r.conv(r.pad(img))))
        return r.score(h.mean(dim=(2, 3)))
