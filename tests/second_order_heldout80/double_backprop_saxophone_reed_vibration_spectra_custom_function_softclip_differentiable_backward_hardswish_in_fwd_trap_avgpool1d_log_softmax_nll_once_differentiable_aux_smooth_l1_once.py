"""Input-gradient (double backprop) regularised classifier for saxophone reed vibration spectra.

Reeds are graded soft / medium / hard from the magnitude spectrum of a tap test.  A small Conv1d net classifies the
spectrum and is trained with an input-gradient penalty (Drucker & LeCun double backprop) so that the grade does not
flip under small spectral perturbations.  The first conv is followed by a custom smooth clip written as an
autograd.Function; an auxiliary reed-strength regressor uses a straight-through rounding Function.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.function import once_differentiable

log = logging.getLogger("reed_grader")


class SoftClip(torch.autograd.Function):
    """limit * hardswish(x / limit) with a hand-written backward built from differentiable torch ops."""

    @staticmethod
    def forward(ctx, x, limit):
        ctx.save_for_backward(x)
        ctx.limit = limit
        return limit * F.hardswish(x / limit)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        u = x / ctx.limit
        slope = torch.where(u.abs() < 3.0, (2.0 * u + 3.0) / 6.0, (u > 0).to(u.dtype))
        return grad_out * slope, None


class RoundToHalfStrength(torch.autograd.Function):
    """Reed strengths come in half steps (2, 2.5, 3 ...): round in forward, pass the gradient straight through."""

    @staticmethod
    def forward(ctx, s):
        return torch.round(s * 2.0) / 2.0

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        return grad_out.clone()


class ReedSpectrumNet(nn.Module):
    def __init__(self, n_bins, n_grades, width=8, clip_limit=4.0):
        super().__init__()
        self.conv1 = nn.Conv1d(1, width, 5, padding=2)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.act = nn.SiLU()
        self.grade_head = nn.Linear(width * (n_bins // 2), n_grades)
        self.strength_head = nn.Linear(width * (n_bins // 2), 1)
        self.clip_limit = clip_limit

    def features(self, spec):
        h = SoftClip.apply(self.conv1(spec), self.clip_limit)
        h = self.pool(h)
        h = self.act(self.conv2(h))
        return h.flatten(1)

    def forward(self, spec):
        feats = self.features(spec)
        return self.grade_head(feats), feats


def grade_loss(logits, grade):
    logp = F.log_softmax(logits, dim=-1)
    return F.nll_loss(logp, grade)


def make_batch(batch, n_bins, gen):
    grade = torch.randint(0, 3, (batch,), generator=gen)
    freqs = torch.linspace(0, 1, n_bins)
    peak = 0.3 + 0.15 * grade.float().unsqueeze(1)
    raw = torch.exp(-((freqs - peak) ** 2) / 0.004) + 0.05 * torch.rand(batch, n_bins, generator=gen)
    strength = 2.0 + 0.5 * grade.float() + 0.1 * torch.randn(batch, generator=gen)
    with torch.no_grad():
        spec = F.normalize(raw, dim=-1).unsqueeze(1)
    return spec, grade, strength


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--n-bins", type=int, default=32)
    p.add_argument("--grad-penalty", type=float, default=0.1)
    p.add_argument("--aux-weight", type=float, default=0.2)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(0)
    model = ReedSpectrumNet(args.n_bins, 3)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        spec, grade, strength = make_batch(args.batch, args.n_bins, gen)
        spec.requires_grad_(True)
        logits, feats = model(spec)
        task = grade_loss(logits, grade)
        (g_spec,) = torch.autograd.grad(task, spec, create_graph=True)
        penalty = g_spec.pow(2).flatten(1).sum(1).mean()
        est = RoundToHalfStrength.apply(model.strength_head(feats).squeeze(1) + 2.5)
        aux = F.smooth_l1_loss(est, strength)
        loss = task + args.grad_penalty * penalty + args.aux_weight * aux
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d task %.4f penalty %.3e aux %.4f conv1 grad %.3e", step, task.item(), penalty.item(),
                 aux.item(), model.conv1.weight.grad.abs().sum().item())
    assert model.conv1.weight.grad is not None and penalty.requires_grad


if __name__ == "__main__":
    main()
