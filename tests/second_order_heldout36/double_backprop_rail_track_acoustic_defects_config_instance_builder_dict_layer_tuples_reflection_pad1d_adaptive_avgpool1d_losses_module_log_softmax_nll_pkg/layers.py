"""Block builders: each takes the incoming channel count and returns (layers, out_channels)."""
import torch.nn as nn


def pad_conv(ch):
    return [nn.ReflectionPad1d(1), nn.Conv1d(ch, ch, 3), nn.ReLU()], ch


def pool_conv(ch):
    out = 2 * ch
    return [nn.Conv1d(ch, out, 3, padding=1), nn.Softsign(), nn.MaxPool1d(2)], out


def gelu_conv(ch):
    return [nn.Conv1d(ch, ch, 5, padding=2), nn.GELU()], ch


BUILDERS = {"pad_conv": pad_conv, "pool_conv": pool_conv, "gelu_conv": gelu_conv}


def build_classifier(cfg):
    layers = [nn.Conv1d(1, cfg.stem_channels, 5, padding=2), nn.ReLU()]
    ch = cfg.stem_channels
    for name in cfg.blocks:
        block, ch = BUILDERS[name](ch)
        layers = layers + block
    layers = layers + [nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(ch, cfg.n_classes)]
    return nn.Sequential(*layers)
