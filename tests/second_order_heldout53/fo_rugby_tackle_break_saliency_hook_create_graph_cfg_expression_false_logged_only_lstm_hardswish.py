"""Rugby union: predict the outcome of a carry (tackle made / line break / offload)
from 2 s of GPS + accelerometer tracks of the ball carrier and the nearest defenders.

After each optimiser step a trainer hook records input-gradient saliency per
channel (which tracking signals drive the prediction) for the analysts' dashboard.
"""
import argparse
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F

CHANNELS = ["carrier_speed", "carrier_accel", "carrier_heading", "def1_dist", "def1_closing",
            "def2_dist", "def2_closing", "support_dist", "impact_g"]
OUTCOMES = ["tackle_made", "line_break", "offload"]


@dataclass
class ModelCfg:
    rnn: str = "LSTM"
    hidden: int = 32
    pool_bins: int = 4


@dataclass
class SaliencyCfg:
    every: int = 1
    differentiable: bool = False   # keep the saliency graph (only needed for saliency regularisation)


@dataclass
class Cfg:
    model: ModelCfg = field(default_factory=ModelCfg)
    saliency: SaliencyCfg = field(default_factory=SaliencyCfg)
    hz: int = 10
    seconds: float = 2.0
    batch: int = 32
    lr: float = 1e-3
    steps: int = 3


class CarryNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.rnn = getattr(nn, cfg.rnn)(len(CHANNELS), cfg.hidden, batch_first=True)
        self.pool = nn.AdaptiveAvgPool1d(cfg.pool_bins)
        self.head = nn.Sequential(nn.Linear(cfg.hidden * cfg.pool_bins, 32), nn.Hardswish(),
                                  nn.Linear(32, len(OUTCOMES)))

    def forward(self, x):                       # x: (B, T, C)
        h, _ = self.rnn(x)
        return self.head(self.pool(h.transpose(1, 2)).flatten(1))


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = CarryNet(cfg.model)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.training = True
        self.history = []

    def step(self, x, y):
        logits = self.model(x)
        loss = F.cross_entropy(logits, y, label_smoothing=0.05)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()

    def after_step(self, it, x, y):
        """Hook: per-channel saliency |d logit_y / d x|, averaged over batch and time."""
        if it % self.cfg.saliency.every:
            return
        x = x.clone().requires_grad_(True)
        logit_y = self.model(x).gather(1, y.unsqueeze(1)).sum()
        (g,) = torch.autograd.grad(logit_y, x,
                                   create_graph=self.training and self.cfg.saliency.differentiable)
        sal = g.detach().abs().mean(dim=(0, 1))
        self.history.append(sal / sal.sum())

    def fit(self, batches):
        for it, (x, y) in enumerate(batches):
            loss = self.step(x, y)
            self.after_step(it, x, y)
            top = self.history[-1].argmax().item()
            print(f"iter {it}: ce {loss:.4f}  most salient: {CHANNELS[top]}")


def synthetic_carries(cfg, gen):
    t = int(cfg.hz * cfg.seconds)
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch, t, len(CHANNELS), generator=gen)
        score = x[:, -5:, 0].mean(1) - x[:, -5:, 3].mean(1) + 0.5 * x[:, :, 7].mean(1)
        y = torch.bucketize(score, torch.tensor([-0.3, 0.6]))
        yield x, y


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=Cfg.steps)
    p.add_argument("--hidden", type=int, default=ModelCfg.hidden)
    args = p.parse_args()
    cfg = Cfg(model=ModelCfg(hidden=args.hidden), steps=args.steps)
    torch.manual_seed(0)
    Trainer(cfg).fit(synthetic_carries(cfg, torch.Generator().manual_seed(0)))


if __name__ == "__main__":
    main()
