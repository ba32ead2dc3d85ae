from collections import OrderedDict

import torch
import torch.nn as nn
from torch.func import functional_call


class MetaModule(nn.Module):
    """Base class: meta-parameters as an ordered dict, forward with an explicit parameter dict."""

    def meta_parameters(self):
        return OrderedDict(self.named_parameters())

    def functional_forward(self, x, params):
        return functional_call(self, params, (x,))


class TemporalMean(nn.Module):
    def forward(self, x):
        return x.mean(dim=-1)


def build_layers(spec, in_ch, n_out):
    layers, ch = [], in_ch
    for s in spec:
        kind = s["type"]
        if kind == "pad":
            layers.append(nn.ReflectionPad1d(s["size"]))
        elif kind == "conv":
            layers.append(nn.Conv1d(ch, s["out"], s["k"]))
            ch = s["out"]
        elif kind == "bn":
            # MAML++ keeps no running statistics inside the inner loop
            layers.append(nn.BatchNorm1d(ch, track_running_stats=False))
        elif kind == "act":
            layers.append(nn.Hardswish() if s["name"] == "hardswish" else nn.ReLU())
        elif kind == "pool":
            layers.append(nn.MaxPool1d(2))
        elif kind == "gap":
            layers.append(TemporalMean())
        elif kind == "fc":
            layers.append(nn.Linear(ch, n_out))
        else:
            raise ValueError(kind)
    return nn.Sequential(*layers)


class StrokeNet(MetaModule):
    def __init__(self, cfg):
        super().__init__()
        self.body = build_layers(cfg.spec, cfg.channels, cfg.n_way)

    def forward(self, x):
        return self.body(x)

    @torch.no_grad()
    def predict(self, x, params=None):
        logits = self(x) if params is None else self.functional_forward(x, params)
        return logits.softmax(-1).argmax(-1)
