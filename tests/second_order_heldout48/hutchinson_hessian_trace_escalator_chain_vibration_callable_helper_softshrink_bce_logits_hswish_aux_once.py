"""Flat-minimum training of a multi-label fault classifier for escalator step-chain vibration.

Faults: roller wear, chain elongation, sprocket tooth damage, handrail drive slip. The task loss is
regularised with a Hutchinson estimate of the Hessian trace (Rademacher probes, exact HVPs), and an
auxiliary head regresses the window RMS level (plain first-order term).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

FAULTS = ("roller_wear", "chain_elongation", "sprocket_tooth", "handrail_slip")


class StepChainNet(nn.Module):
    def __init__(self, in_ch=3, widths=(8, 16, 16), shrink=0.05):
        super().__init__()
        self.stages = nn.ModuleList()
        c = in_ch
        for w in widths:
            self.stages.append(nn.Sequential(
                nn.Conv1d(c, w, 7, stride=2, padding=3),
                nn.BatchNorm1d(w),
                nn.Softshrink(shrink),
            ))
            c = w
        self._fault = nn.Linear(c, len(FAULTS))
        self.rms_head = nn.Sequential(nn.Linear(c, 16), nn.Hardswish(), nn.Linear(16, 1))

    @property
    def trunk(self):
        return self.stages

    @property
    def fault_head(self):
        return self._fault

    def embed(self, x):
        for stage in self.trunk:
            x = stage(x)
        return x.mean(-1)

    def forward(self, x):
        z = self.embed(x)
        return self.fault_head(z), self.rms_head(z).squeeze(1)


class HutchinsonTrace:
    """tr(H) ~ E_v[v^T H v] with Rademacher v; H = Hessian of `loss` w.r.t. `params`."""

    def __init__(self, n_probes=2):
        self.n_probes = n_probes

    def __call__(self, loss, params):
        grads = torch.autograd.grad(loss, params, create_graph=True)
        total = loss.new_zeros(())
        for _ in range(self.n_probes):
            vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
            gv = sum((g * v).sum() for g, v in zip(grads, vs))
            hvs = torch.autograd.grad(gv, params, create_graph=True)
            total = total + sum((h * v).sum() for h, v in zip(hvs, vs))
        return total / self.n_probes


def synthetic_batch(n, length=128):
    t = torch.linspace(0, 1, length)
    y = (torch.rand(n, len(FAULTS)) < 0.3).float()
    base = torch.sin(2 * torch.pi * 12 * t) + 0.3 * torch.randn(n, 3, length)
    tones = sum(y[:, k, None, None] * torch.sin(2 * torch.pi * (20 + 9 * k) * t) for k in range(len(FAULTS)))
    x = base + 0.5 * tones
    return x, y, x.pow(2).mean(dim=(1, 2)).sqrt()


@torch.no_grad()
def evaluate(model, n=32):
    model.eval()
    x, y, _ = synthetic_batch(n)
    probs = torch.sigmoid(model(x)[0])
    bce = F.binary_cross_entropy(probs, y)
    model.train()
    return bce.item(), ((probs > 0.5).float() == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lam", type=float, default=1e-3)
    ap.add_argument("--aux", type=float, default=0.1)
    ap.add_argument("--probes", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    model = StepChainNet()
    pos_weight = torch.full((len(FAULTS),), 2.0)
    aux_criterion = nn.SmoothL1Loss(beta=0.2)
    trace_of = HutchinsonTrace(args.probes)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    curv_params = list(model.trunk.parameters()) + list(model.fault_head.parameters())

    for step in range(args.steps):
        x, y, rms = synthetic_batch(args.batch)
        logits, rms_pred = model(x)
        task = F.binary_cross_entropy_with_logits(logits, y, pos_weight=pos_weight)
        trace = trace_of(task, curv_params)
        aux = aux_criterion(rms_pred, rms)
        loss = task + args.lam * trace.abs() + args.aux * aux
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: task {task.item():.4f} trace {trace.item():.3f} aux {aux.item():.4f}")
    print("eval bce / acc:", evaluate(model))


if __name__ == "__main__":
    main()
