"""Surrogates p(x, y | strut profile). Built by name through build_model()."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class StrutEncoder(nn.Module):
    """Strut-height profile along the stented segment -> geometry code."""

    def __init__(self, channels, struts):
        super().__init__()
        self.conv = nn.Conv1d(1, channels, kernel_size=3, padding=1)
        self.pool = nn.AvgPool1d(2)
        self.proj = nn.Linear(channels * (struts // 2), 16)

    def forward(self, profile):
        h = torch.tanh(self.conv(profile.unsqueeze(1)))
        return torch.tanh(self.proj(self.pool(h).flatten(1)))


class FiLMSurrogate(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.width
        self.encoder = StrutEncoder(cfg.enc_channels, cfg.struts)
        self.coord = nn.Linear(2, w)
        self.film = nn.Linear(16, 2 * w)
        self.act = nn.PReLU(w)
        self.hidden = nn.Linear(w, w)
        self.scale = cfg.feature_scale
        self.head = nn.Linear(w, 1)

    def forward(self, xy, profile):
        z = self.encoder(profile)
        gamma, beta = self.film(z).chunk(2, dim=-1)
        h = self.act(self.coord(xy) * (1 + gamma) + beta)
        h = self.scale * F.normalize(self.hidden(h), dim=-1)
        return self.head(torch.tanh(h)).squeeze(-1)


class ConcatSurrogate(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.encoder = StrutEncoder(cfg.enc_channels, cfg.struts)
        self.net = nn.Sequential(nn.Linear(18, cfg.width), nn.Hardshrink(0.1), nn.Linear(cfg.width, 1))

    def forward(self, xy, profile):
        return self.net(torch.cat([xy, self.encoder(profile)], dim=-1)).squeeze(-1)


MODEL_REGISTRY = {"film_mlp": FiLMSurrogate, "concat_mlp": ConcatSurrogate}


def build_model(cfg):
    return MODEL_REGISTRY[cfg.name](cfg)
