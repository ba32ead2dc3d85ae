"""Coordinate-wise LSTM optimiser with the log/sign gradient preprocessing of the paper."""
import math

import torch
import torch.nn as nn


class LSTMOptimizer(nn.Module):
    def __init__(self, hidden, layers, preproc_p, out_scale):
        super().__init__()
        self.p, self.out_scale = preproc_p, out_scale
        self.rnn = nn.LSTM(2, hidden, num_layers=layers)
        self.head = nn.Linear(hidden, 1)
        self.hidden, self.layers = hidden, layers

    def preprocess(self, g):
        g = g.reshape(1, -1, 1)
        keep = (g.abs() >= math.exp(-self.p)).float()
        log_part = keep * torch.log(g.abs() + 1e-8) / self.p - (1 - keep)
        sign_part = keep * torch.sign(g) + (1 - keep) * math.exp(self.p) * g
        return torch.cat([log_part, sign_part], dim=-1)

    def init_state(self, n_coords):
        z = torch.zeros(self.layers, n_coords, self.hidden)
        return z, z.clone()

    def forward(self, grads, state):
        flat = torch.cat([g.reshape(-1) for g in grads])
        out, state = self.rnn(self.preprocess(flat), state)
        step = self.out_scale * self.head(out).reshape(-1)
        return list(torch.split(step, [g.numel() for g in grads])), state
