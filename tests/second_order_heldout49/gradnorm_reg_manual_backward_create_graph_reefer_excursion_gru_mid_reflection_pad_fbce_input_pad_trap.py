"""Flat-minima training of a reefer-container temperature-excursion detector with a gradient-norm penalty.

Lightning-style manual optimisation: the module owns its optimiser, calls self.manual_backward(loss, create_graph=True)
to get differentiable parameter gradients, and adds gn_weight * ||grad||^2 before stepping.
"""
import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_parser():
    p = argparse.ArgumentParser(description="reefer excursion detector, gradient-norm regularised")
    p.add_argument("--channels", type=int, default=4, help="supply air, return air, pulp probe, door switch")
    p.add_argument("--minutes", type=int, default=120)
    p.add_argument("--resample", type=int, default=5, help="minutes per model step")
    p.add_argument("--width", type=int, default=12)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--gn-weight", type=float, default=0.05)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--seed", type=int, default=21)
    return p


class ManualOptimizationModule(nn.Module):
    """The part of LightningModule's manual-optimisation API this project relies on."""

    automatic_optimization = False

    def __init__(self):
        super().__init__()
        self._opt = None

    def optimizers(self):
        if self._opt is None:
            self._opt = self.configure_optimizers()
        return self._opt

    def manual_backward(self, loss, **kwargs):
        loss.backward(**kwargs)

    def configure_optimizers(self):
        raise NotImplementedError


class ReeferExcursionModule(ManualOptimizationModule):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.pad_in = nn.ReflectionPad1d(2)
        self.conv1 = nn.Conv1d(hp.channels, hp.width, 5)
        self.pad_mid = nn.ReflectionPad1d(1)
        self.conv2 = nn.Conv1d(hp.width, hp.width, 3)
        self.gru = nn.GRU(hp.width, hp.width, batch_first=True)
        self.head = nn.Linear(hp.width, 1)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=self.hp.lr, momentum=0.9)

    def forward(self, x):
        h = torch.relu(self.conv1(self.pad_in(x)))
        h = torch.relu(self.conv2(self.pad_mid(h)))
        out, _ = self.gru(h.transpose(1, 2))
        return torch.sigmoid(self.head(out[:, -1])).squeeze(-1)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        prob = self(x)
        loss = F.binary_cross_entropy(prob, y)
        params = [p for p in self.parameters() if p.requires_grad]

        opt.zero_grad(set_to_none=True)
        self.manual_backward(loss, create_graph=True)
        grad_sq = sum(p.grad.pow(2).sum() for p in params if p.grad is not None)
        first = [None if p.grad is None else p.grad.detach().clone() for p in params]

        opt.zero_grad(set_to_none=True)
        self.manual_backward(self.hp.gn_weight * grad_sq)
        for p, g in zip(params, first):
            if g is not None:
                p.grad = g if p.grad is None else p.grad + g
        opt.step()
        return {"bce": loss.item(), "grad_sq": grad_sq.item()}

    @torch.no_grad()
    def validation_step(self, batch):
        x, y = batch
        prob = self(x)
        return {"val_bce": F.binary_cross_entropy(prob, y).item(), "val_acc": ((prob > 0.5).float() == y).float().mean().item()}


@torch.no_grad()
def resample_logs(raw, minutes_per_step):
    """Data-logger export is per minute; average to the model time step."""
    return F.avg_pool1d(raw, kernel_size=minutes_per_step, stride=minutes_per_step)


def synthetic_logs(hp, gen):
    n, t = hp.batch, hp.minutes
    base = -1.0 + 0.2 * torch.randn(n, 1, 1, generator=gen)
    raw = base + 0.1 * torch.randn(n, hp.channels, t, generator=gen)
    y = (torch.rand(n, generator=gen) < 0.4).float()
    start = torch.randint(10, t - 30, (n,), generator=gen)
    for i in torch.nonzero(y).flatten().tolist():
        s = int(start[i])
        raw[i, :3, s:s + 25] += torch.linspace(0.0, 3.0, 25)     # door open / defrost failure ramp
        raw[i, 3, s:s + 5] = 1.0
    return resample_logs(raw, hp.resample), y


class Trainer:
    def __init__(self, hp):
        self.hp = hp

    def fit(self, module):
        gen = torch.Generator().manual_seed(self.hp.seed)
        module.train()
        for step in range(self.hp.steps):
            t0 = time.time()
            logs = module.training_step(synthetic_logs(self.hp, gen), step)
            print(f"step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()) + f" ({time.time() - t0:.2f}s)")
        module.eval()
        print({k: round(v, 4) for k, v in module.validation_step(synthetic_logs(self.hp, gen)).items()})


if __name__ == "__main__":
    hp = get_parser().parse_args()
    torch.manual_seed(hp.seed)
    Trainer(hp).fit(ReeferExcursionModule(hp))
