"""Critic and generator for 1-D canopy differential-pressure traces (opening shock, overinflation)."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import spectral_norm

ACTS = {
    "lrelu": functools.partial(nn.LeakyReLU, 0.2),
    "prelu": nn.PReLU,
    "hswish": nn.Hardswish,
}


def reflect_edges_prehook(pad):
    def hook(module, args):
        (x,) = args
        return (F.pad(x, (pad, pad), mode="reflect"),)
    return hook


def time_stretch_prehook(module, args):
    (x,) = args
    scale = float(torch.empty(1).uniform_(0.9, 1.1))
    stretched = F.interpolate(x, scale_factor=scale, mode="linear", align_corners=False)
    return (stretched[..., : x.shape[-1]],)


class CanopyCritic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        c_in = 1
        for i, c in enumerate(cfg.critic_widths):
            self.add_module(f"conv{i}", nn.Conv1d(c_in, c, 5, stride=2, padding=2))
            self.add_module(f"act{i}", ACTS[cfg.critic_act]())
            c_in = c
        self.n_stages = len(cfg.critic_widths)
        self.fc = nn.Linear(c_in, 1)

    def forward(self, x):
        for i in range(self.n_stages):
            x = getattr(self, f"act{i}")(getattr(self, f"conv{i}")(x))
        return self.fc(x.mean(dim=-1)).squeeze(-1)


class CanopyGenerator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.base = cfg.trace_len // 8
        self.fc = nn.Linear(cfg.z_dim, 32 * self.base)
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv1d(32, 16, 5, padding=2), nn.PReLU(16),
            nn.Upsample(scale_factor=2), nn.Conv1d(16, 8, 5, padding=2), nn.PReLU(8),
            nn.Upsample(scale_factor=2), nn.Conv1d(8, 1, 5, padding=2),
        )

    def forward(self, z):
        return self.body(self.fc(z).view(z.shape[0], 32, self.base))


def build_critic(cfg):
    critic = CanopyCritic(cfg)
    if cfg.spectral_norm:
        for name, m in list(critic.named_modules()):
            if isinstance(m, nn.Conv1d):
                spectral_norm(m)
    critic.conv0.register_forward_pre_hook(reflect_edges_prehook(cfg.edge_pad))
    if cfg.augment_time_stretch:
        critic.register_forward_pre_hook(time_stretch_prehook)
    return critic
