"""Multi-task model for concert-zither strings: tension (N), pitch class and spectrum reconstruction
from the pluck spectrum. Loss terms are objects combined with `+`; their weights are rebalanced every step
from the (detached) gradient norms of each term at the last shared layer."""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class Term:
    def __init__(self, name, fn, weight=1.0):
        self.name, self.fn, self.weight = name, fn, weight

    def __add__(self, other):
        return Objective([self]) + other


class Objective:
    def __init__(self, terms):
        self.terms = list(terms)

    def __add__(self, other):
        return Objective(self.terms + (other.terms if isinstance(other, Objective) else [other]))

    def parts(self, out, batch):
        return {t.name: t.fn(out, batch) for t in self.terms}

    def total(self, parts):
        return sum(t.weight * parts[t.name] for t in self.terms)


class InverseGradNormBalancer:
    """w_i proportional to 1 / ||dL_i/dW_shared|| (no graph kept: the weights are constants)."""

    def __init__(self, objective, momentum=0.8):
        self.objective, self.momentum = objective, momentum

    def update(self, parts, shared):
        norms = {}
        for name, loss in parts.items():
            grads = torch.autograd.grad(loss, shared, retain_graph=True)
            norms[name] = torch.sqrt(sum(g.pow(2).sum() for g in grads)).item() + 1e-8
        mean = sum(norms.values()) / len(norms)
        for t in self.objective.terms:
            t.weight = self.momentum * t.weight + (1 - self.momentum) * mean / norms[t.name]


class ZitherNet(nn.Module):
    def __init__(self, n_pitch=12, width=8):
        super().__init__()
        self.enc1 = nn.Conv1d(1, width, 5, padding=2)
        self.shrink = nn.Softshrink(0.05)
        self.enc2 = nn.Conv1d(width, width, 5, stride=2, padding=2)
        self.tension = nn.Linear(width, 1)
        self.pitch = nn.Linear(width, n_pitch)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec = nn.Conv1d(width, 1, 3, padding=1)

    def forward(self, spec):
        h = torch.tanh(self.enc2(self.shrink(self.enc1(spec))))
        pooled = h.mean(-1)
        return {"tension": self.tension(pooled), "pitch_logp": F.log_softmax(self.pitch(pooled), -1),
                "recon": self.dec(self.up(h))}


def tension_loss(out, b):
    return F.huber_loss(out["tension"], b["tension"], delta=0.5)


def pitch_loss(out, b):
    return F.kl_div(out["pitch_logp"], b["pitch_soft"], reduction="batchmean")


def recon_loss(out, b):
    return F.mse_loss(out["recon"], b["spec"])


def pluck_batch(n, gen, bins=64, n_pitch=12):
    pitch = torch.randint(0, n_pitch, (n,), generator=gen)
    tension = 60 + 8 * pitch.float() + 3 * torch.randn(n, generator=gen)
    f = torch.linspace(0, 1, bins)
    f0 = 0.05 + 0.02 * pitch.float()[:, None]
    spec = sum(torch.exp(-((f - k * f0) ** 2) / 2e-4) / k for k in (1, 2, 3))
    spec = spec + 0.02 * torch.rand(n, bins, generator=gen)
    soft = F.one_hot(pitch, n_pitch).float() * 0.9 + 0.1 / n_pitch
    return {"spec": spec[:, None], "tension": (tension[:, None] - 100) / 30, "pitch_soft": soft}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = ZitherNet()
    objective = Term("tension", tension_loss) + Term("pitch", pitch_loss) + Term("recon", recon_loss, 0.5)
    balancer = InverseGradNormBalancer(objective)
    shared = (model.enc2.weight, model.enc2.bias)
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for step in range(args.steps):
        batch = pluck_batch(32, gen)
        parts = objective.parts(model(batch["spec"]), batch)
        balancer.update(parts, shared)
        loss = objective.total(parts)
        opt.zero_grad()
        loss.backward()
        opt.step()
        w = {t.name: round(t.weight, 3) for t in objective.terms}
        print(f"step {step}: total {loss.item():.4f} parts {[round(v.item(), 4) for v in parts.values()]} w {w}")


if __name__ == "__main__":
    main()
