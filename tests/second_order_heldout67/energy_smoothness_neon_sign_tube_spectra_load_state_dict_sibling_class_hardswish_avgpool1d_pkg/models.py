"""Spectrum classifiers.  Both classes share parameter names (convs.{i}, fc), so a checkpoint of one
loads into the other; they differ only in their parameter-free layers."""
import torch
import torch.nn as nn


class _SpectrumBackbone(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.convs = nn.ModuleList()
        for c_in, c_out in zip(cfg.widths[:-1], cfg.widths[1:]):
            self.convs.append(nn.Conv1d(c_in, c_out, cfg.kernel, padding=cfg.kernel // 2))
        n_pool = len(self.convs)
        self.fc = nn.Linear(cfg.widths[-1] * (cfg.n_bins // 2 ** n_pool), cfg.n_classes)

    def features(self, x):
        for i in range(len(self.convs)):
            x = self.pool(self.act(self.convs[i](x)))
        return x.flatten(1)

    def forward(self, x):
        return self.fc(self.features(x))


class SpectrumNet(_SpectrumBackbone):
    """Production model (quantisation friendly)."""

    def __init__(self, cfg):
        super().__init__(cfg)
        self.act = nn.ReLU6()
        self.pool = nn.MaxPool1d(2)


class SmoothSpectrumNet(_SpectrumBackbone):
    """Same weights, smooth nonlinearity and pooling, used for gradient-based fine-tuning."""

    def __init__(self, cfg):
        super().__init__(cfg)
        self.act = nn.Hardswish()
        self.pool = nn.AvgPool1d(2)


def free_energy(logits):
    return -torch.logsumexp(logits, dim=1)
