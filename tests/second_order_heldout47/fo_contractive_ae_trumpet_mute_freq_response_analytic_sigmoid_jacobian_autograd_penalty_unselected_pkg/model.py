"""Sigmoid-encoder autoencoder; the fixed smoother is parameter-free preprocessing."""
import torch
import torch.nn as nn


class MuteAutoencoder(nn.Module):
    def __init__(self, n_bands, hidden, kernel):
        super().__init__()
        self.smooth = nn.Sequential(nn.ReflectionPad1d(kernel // 2), nn.AvgPool1d(kernel, stride=1))
        self.enc = nn.Linear(n_bands, hidden)
        self.dec = nn.Sequential(nn.Linear(hidden, 32), nn.Hardswish(), nn.Linear(32, n_bands))

    def preprocess(self, x):
        return self.smooth(x.unsqueeze(1)).squeeze(1)

    def encode(self, u):
        return torch.sigmoid(self.enc(u))

    def forward(self, x):
        u = self.preprocess(x)
        h = self.encode(u)
        return self.dec(h), h, u
