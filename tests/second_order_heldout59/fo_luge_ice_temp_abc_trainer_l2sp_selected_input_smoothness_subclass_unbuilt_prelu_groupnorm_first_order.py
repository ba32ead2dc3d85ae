"""Forecast of luge-track ice surface temperature (next 30 min) per curve from refrigeration telemetry.

Fine-tunes a network pre-trained on another track. RegularisedTrainer is an abstract template: the
penalty comes from a subclass chosen by CFG["trainer"]; L2-SP (distance to the pre-trained weights) is used.
"""
import abc
import argparse
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"trainer": "l2sp", "lam": 1e-2, "lr": 1e-3, "steps": 4, "batch": 32, "history": 12, "sensors": 6}


class IceNet(nn.Module):
    def __init__(self, sensors=6, history=12, width=32):
        super().__init__()
        self.inp = nn.Linear(sensors * history, width)
        self.norm = nn.GroupNorm(4, width)
        self.act = nn.PReLU(width)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        return self.out(self.act(self.norm(self.inp(x.flatten(1)))))


class RegularisedTrainer(abc.ABC):
    def __init__(self, model, lam, lr):
        self.model, self.lam = model, lam
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)

    def data_loss(self, x, y):
        return F.smooth_l1_loss(self.model(x), y, beta=0.2)

    @abc.abstractmethod
    def compute_penalty(self, x, y):
        ...

    def train_step(self, x, y):
        loss = self.data_loss(x, y)
        pen = self.compute_penalty(x, y)
        self.opt.zero_grad()
        (loss + self.lam * pen).backward()
        self.opt.step()
        return loss.item(), pen.item()


class L2SPTrainer(RegularisedTrainer):
    """Penalise the distance to the pre-trained starting point."""

    def __init__(self, model, lam, lr):
        super().__init__(model, lam, lr)
        self.anchor = {k: v.detach().clone() for k, v in model.named_parameters()}

    def compute_penalty(self, x, y):
        return sum((p - self.anchor[k]).pow(2).sum() for k, p in self.model.named_parameters())


class InputSmoothnessTrainer(RegularisedTrainer):
    """Penalise the sensitivity of the forecast to the telemetry (double backprop)."""

    def compute_penalty(self, x, y):
        x = x.detach().requires_grad_(True)
        (g,) = torch.autograd.grad(self.model(x).sum(), x, create_graph=True)
        return g.pow(2).sum(dim=(1, 2)).mean()


TRAINERS = {"l2sp": L2SPTrainer, "input_smooth": InputSmoothnessTrainer}


def sensor_saliency(model, x):
    """Which sensor drives the forecast most (for the track engineers' log)."""
    x = x.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(model(x).sum(), x)
    return g.abs().mean(dim=(0, 2))


def telemetry(n, cfg, gen):
    t = torch.arange(cfg["history"], dtype=torch.float32)
    brine = -12 + torch.randn(n, 1, 1, generator=gen)
    air = 2 + 3 * torch.sin(t / 6)[None, None] + torch.randn(n, 1, 1, generator=gen)
    other = torch.randn(n, cfg["sensors"] - 2, cfg["history"], generator=gen)
    x = torch.cat([brine.expand(-1, 1, cfg["history"]), air.expand(-1, 1, -1), other], 1)
    y = 0.6 * x[:, 0, -1:] + 0.25 * x[:, 1, -1:] + 0.05 * x[:, 2:, -1].sum(1, keepdim=True)
    return x / 10.0, y / 10.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG["steps"])
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    pretrained = IceNet(CFG["sensors"], CFG["history"])
    model = copy.deepcopy(pretrained)
    trainer = TRAINERS[CFG["trainer"]](model, CFG["lam"], CFG["lr"])
    for step in range(args.steps):
        x, y = telemetry(CFG["batch"], CFG, gen)
        loss, pen = trainer.train_step(x, y)
        print(f"step {step}: smooth-L1 {loss:.4f} penalty {pen:.5f}")
    sal = sensor_saliency(model, x)
    print("sensor saliency", [round(v, 4) for v in sal.tolist()])


if __name__ == "__main__":
    main()
