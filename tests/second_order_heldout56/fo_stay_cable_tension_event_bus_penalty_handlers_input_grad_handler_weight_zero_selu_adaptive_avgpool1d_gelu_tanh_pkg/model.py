import torch
import torch.nn as nn
import torch.nn.functional as F

import config
from events import subscribe


class TensionNet(nn.Module):
    """PSD (B, 1, N_BINS) -> cable tension in MN."""

    def __init__(self, width=config.WIDTH):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, width, 7, padding=3), nn.SELU(),
            nn.Conv1d(width, width, 5, padding=2, dilation=1), nn.SELU(),
            nn.AdaptiveAvgPool1d(8),
        )
        self.head = nn.Sequential(nn.Linear(8 * width, width), nn.GELU(approximate="tanh"), nn.Linear(width, 1))

    def forward(self, psd):
        return F.softplus(self.head(self.features(psd).flatten(1))).squeeze(1)


@subscribe("penalty", "weight_l1")
def weight_l1(model, **_):
    return sum(p.abs().sum() for n, p in model.named_parameters() if n.endswith("weight"))


@subscribe("penalty", "taut_string_prior")
def taut_string_prior(model, psd, pred, **_):
    """T = 4 m L^2 f1^2 with f1 taken at the PSD peak (no gradient through the peak picking)."""
    with torch.no_grad():
        f1 = psd.squeeze(1).argmax(1).float() * (16.0 / config.N_BINS) + 1e-3
        t_prior = 4 * config.MASS_PER_M * config.CABLE_LENGTH_M ** 2 * f1 ** 2 / 1e6
    return F.smooth_l1_loss(pred, t_prior)


@subscribe("penalty", "input_smoothness")
def input_smoothness(model, psd, **_):
    """Tension should not react to single-bin spikes: penalise the curvature of dT/dPSD across bins."""
    x = psd.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(model(x).sum(), x, create_graph=True)
    return (g[..., 2:] - 2 * g[..., 1:-1] + g[..., :-2]).pow(2).mean()
