import math

import torch
import torch.nn as nn


class CoordinateLSTMOptimizer(nn.Module):
    """Coordinatewise two-layer LSTM with the log/sign gradient preprocessing of the paper."""

    def __init__(self, hidden, p, scale):
        super().__init__()
        self.p, self.scale = p, scale
        self.cell1 = nn.LSTMCell(2, hidden)
        self.cell2 = nn.LSTMCell(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def preprocess(self, g):
        big = g.abs() >= math.exp(-self.p)
        log_part = torch.where(big, g.abs().clamp_min(1e-20).log() / self.p, torch.full_like(g, -1.0))
        sign_part = torch.where(big, g.sign(), math.exp(self.p) * g)
        return torch.stack([log_part, sign_part], -1)

    def init_state(self, n):
        z = lambda: torch.zeros(n, self.cell1.hidden_size)
        return [(z(), z()), (z(), z())]

    def forward(self, grad_flat, state):
        h1, c1 = self.cell1(self.preprocess(grad_flat), state[0])
        h2, c2 = self.cell2(h1, state[1])
        return self.scale * self.out(h2).squeeze(-1), [(h1, c1), (h2, c2)]
