"""Critic hierarchy for 32-harmonic voicing spectra (amplitude, phase-slope) of organ flue pipes."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SequenceCriticBase(nn.Module):
    def __init__(self, in_ch=2, ch=16, hidden=16):
        super().__init__()
        self.stem = nn.Conv1d(in_ch, ch, 3, padding=1)
        self.encoder = nn.LSTM(ch, hidden, batch_first=True)
        self.ch, self.hidden = ch, hidden

    def encode(self, x):
        h = F.leaky_relu(self.stem(x), 0.2)
        out, _ = self.encoder(h.transpose(1, 2))
        return out.transpose(1, 2)

    def pool(self, h):
        raise NotImplementedError

    def forward(self, x):
        return self.score(self.pool(self.encode(x)))


class PooledCritic(SequenceCriticBase):
    def __init__(self, window=4, **kw):
        super().__init__(**kw)
        self.norm = nn.GroupNorm(4, self.hidden)
        self.window = window

    def pool(self, h):
        return F.max_pool1d(self.norm(h), self.window)


class VoicingCritic(PooledCritic):
    def __init__(self, n_harmonics=32, **kw):
        super().__init__(**kw)
        self.head = nn.Linear(self.hidden * (n_harmonics // self.window), 1)

    def score(self, h):
        return self.head(h.flatten(1))


class VoicingGenerator(nn.Module):
    def __init__(self, zdim=16, n_harmonics=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(zdim, 64), nn.ELU(), nn.Linear(64, 2 * n_harmonics))
        self.n = n_harmonics

    def forward(self, z):
        out = self.net(z).view(-1, 2, self.n)
        return torch.stack([torch.sigmoid(out[:, 0]), torch.tanh(out[:, 1])], dim=1)
