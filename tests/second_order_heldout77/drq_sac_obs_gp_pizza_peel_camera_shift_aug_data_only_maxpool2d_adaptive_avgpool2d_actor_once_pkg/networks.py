"""Pixel encoder, twin-Q critic and tanh-Gaussian actor."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal


class PixelEncoder(nn.Module):
    def __init__(self, in_ch, feature_dim):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, 16, 3, stride=1, padding=1)
        self.down = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(16, 32, 3, stride=1, padding=1)
        self.gap = nn.AdaptiveAvgPool2d((2, 2))
        self.fc = nn.Linear(32 * 4, feature_dim)
        self.ln = nn.LayerNorm(feature_dim)

    def forward(self, obs):
        h = obs / 255.0 - 0.5
        h = self.down(F.relu(self.conv1(h)))
        h = self.gap(F.relu(self.conv2(h)))
        return torch.tanh(self.ln(self.fc(h.flatten(1))))


class TwinQ(nn.Module):
    def __init__(self, feature_dim, act_dim, hidden):
        super().__init__()
        def q():
            return nn.Sequential(nn.Linear(feature_dim + act_dim, hidden), nn.ReLU(), nn.Linear(hidden, 1))
        self.q1, self.q2 = q(), q()

    def forward(self, feat, act):
        x = torch.cat([feat, act], dim=-1)
        return self.q1(x).squeeze(-1), self.q2(x).squeeze(-1)


class Critic(nn.Module):
    def __init__(self, in_ch, feature_dim, act_dim, hidden):
        super().__init__()
        self.encoder = PixelEncoder(in_ch, feature_dim)
        self.qs = TwinQ(feature_dim, act_dim, hidden)

    def forward(self, obs, act, detach_encoder=False):
        feat = self.encoder(obs)
        if detach_encoder:
            feat = feat.detach()
        return self.qs(feat, act)


class Actor(nn.Module):
    def __init__(self, feature_dim, act_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(feature_dim, hidden), nn.Mish(), nn.Linear(hidden, 2 * act_dim))

    def forward(self, feat):
        mu, log_std = self.net(feat).chunk(2, dim=-1)
        log_std = torch.clamp(log_std, -5, 2)
        dist = Normal(mu, log_std.exp())
        u = dist.rsample()
        a = torch.tanh(u)
        logp = dist.log_prob(u).sum(-1) - torch.log(1 - a.pow(2) + 1e-6).sum(-1)
        return a, logp
