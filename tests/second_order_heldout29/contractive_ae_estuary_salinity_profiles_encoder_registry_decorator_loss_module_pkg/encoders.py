"""Encoders register themselves by name; the decoder is shared."""
import torch.nn as nn

ENCODERS = {}


def register_encoder(name):
    def wrap(cls):
        ENCODERS[name] = cls
        return cls
    return wrap


@register_encoder("mlp")
class MLPEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2 * cfg.depth_bins, 32), nn.Hardswish(), nn.Linear(32, cfg.code_dim))

    def forward(self, x):
        return self.net(x.flatten(1))


@register_encoder("conv")
class ConvEncoder(nn.Module):
    """Salinity and temperature casts as 2 x depth_bins sequences -> sparse code."""

    def __init__(self, cfg):
        super().__init__()
        ch = cfg.channels
        self.features = nn.Sequential(
            nn.Conv1d(2, ch, 5, padding=2), nn.Softsign(), nn.MaxPool1d(2),
            nn.Conv1d(ch, ch, 3, padding=1), nn.Softsign(), nn.MaxPool1d(2),
        )
        self.to_code = nn.Linear(ch * cfg.depth_bins // 4, cfg.code_dim)
        self.shrink = nn.Softshrink(cfg.shrink)

    def forward(self, x):
        return self.shrink(self.to_code(self.features(x).flatten(1)))


class CastDecoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.bins = cfg.depth_bins
        self.fc = nn.Linear(cfg.code_dim, cfg.channels * cfg.depth_bins // 2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv = nn.Conv1d(cfg.channels, 2, 3, padding=1)
        self.act = nn.ELU()

    def forward(self, code):
        h = self.act(self.fc(code)).view(code.size(0), -1, self.bins // 2)
        return self.conv(self.up(h))


def build_autoencoder(cfg):
    return ENCODERS[cfg.encoder](cfg), CastDecoder(cfg)
