"""District-heating load forecaster (next-hour load from 12 h of weather and load history),
regularised by double backpropagation: the squared input gradient of the training loss is added
to the loss, making the forecaster less sensitive to sensor noise.
"""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

cfg = SimpleNamespace(n_feat=3, hidden=10, window=12, batch=16, epochs=4, lr=5e-3, db_weight=0.1)


class LoadForecaster(nn.Module):
    def __init__(self, n_feat, hidden):
        super().__init__()
        self.rnn = nn.LSTM(n_feat, hidden, batch_first=True)
        self.head = nn.Sequential(nn.Linear(hidden, hidden), nn.Hardtanh(-2.0, 2.0), nn.Linear(hidden, 1))

    def forward(self, seq):
        out, _ = self.rnn(seq)
        return self.head(out[:, -1]).squeeze(-1)


def heating_windows(n, window):
    hours = torch.arange(window + 1).float()
    phase = torch.rand(n, 1) * 24
    outdoor = 5 * torch.sin(2 * torch.pi * (hours + phase) / 24) + 2 * torch.randn(n, 1)
    load = 10 - 0.6 * outdoor + 0.3 * torch.randn(n, window + 1)
    wind = torch.rand(n, window + 1)
    feats = torch.stack([outdoor / 5, load / 10, wind], -1)
    return feats[:, :-1], load[:, -1] / 10


def double_backprop_loss(model, seq, target, weight):
    seq = seq.requires_grad_(True)
    loss = F.huber_loss(model(seq), target, delta=0.5)
    (g,) = torch.autograd.grad(loss, seq, create_graph=True)
    return loss + weight * g.pow(2).sum(dim=(1, 2)).mean(), loss


def main():
    torch.manual_seed(12)
    model = LoadForecaster(cfg.n_feat, cfg.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        seq, target = heating_windows(cfg.batch, cfg.window)
        total, fit = double_backprop_loss(model, seq, target, cfg.db_weight)
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"epoch {epoch} huber {fit.item():.4f} total {total.item():.4f}")


if __name__ == "__main__":
    main()
