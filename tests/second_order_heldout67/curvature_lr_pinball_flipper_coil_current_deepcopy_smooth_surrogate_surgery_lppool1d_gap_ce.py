"""Fault classification of pinball flipper coil current traces with a curvature-aware learning rate.

Traces of the solenoid current during a flip (hold-winding switch-over, EOS switch bounce, weak
coil sleeve, healthy) are classified by a small 1-D CNN trained with SGD.  Every few steps the
top Hessian eigenvalue is estimated by power iteration and the step size is set to 1.6 / lambda_max.
ReLU / max-pool nets have piecewise-zero curvature in the activations, so the estimate is taken on
a smooth surrogate: a deep copy of the current model on which ReLU and max-pool are swapped for
smooth counterparts.  The training model itself is never modified.
"""
import argparse
import copy
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("coil_curv")


class CoilTraceNet(nn.Module):
    def __init__(self, n_classes=4, ch=16):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv1d(1, ch, 7, padding=3), nn.BatchNorm1d(ch), nn.ReLU(), nn.MaxPool1d(2),
            nn.Conv1d(ch, 2 * ch, 5, padding=2), nn.BatchNorm1d(2 * ch), nn.ReLU(), nn.MaxPool1d(2),
        )
        self.gap = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(2 * ch, n_classes)

    def forward(self, x):
        h = self.features(x)
        return self.fc(self.gap(h).flatten(1))


SMOOTH_RULES = {
    nn.ReLU: lambda m: nn.Softplus(beta=10.0),
    nn.MaxPool1d: lambda m: nn.LPPool1d(4, m.kernel_size, m.stride),
}


def smooth_surrogate_(module):
    """Recursively replace non-smooth children in place (walks named_children, setattr)."""
    for name, child in module.named_children():
        factory = SMOOTH_RULES.get(type(child))
        if factory is not None:
            setattr(module, name, factory(child))
        else:
            smooth_surrogate_(child)
    return module


def classification_loss(logits, y):
    return F.cross_entropy(logits, y, label_smoothing=0.05)


def top_hessian_eigenvalue(model, x, y, iters=5):
    probe = smooth_surrogate_(copy.deepcopy(model)).eval()
    params = [p for p in probe.parameters() if p.requires_grad]
    loss = classification_loss(probe(x), y)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    v = [torch.randn_like(p) for p in params]
    lam = torch.tensor(0.0)
    for _ in range(iters):
        norm = torch.sqrt(sum((u * u).sum() for u in v))
        v = [u / norm for u in v]
        hv = torch.autograd.grad(grads, params, grad_outputs=v, retain_graph=True)
        lam = sum((a * b).sum() for a, b in zip(hv, v))
        v = [h.detach() for h in hv]
    return lam.item()


def synth_coil_traces(n, length=96, generator=None):
    t = torch.linspace(0, 1, length)
    y = torch.randint(0, 4, (n,), generator=generator)
    base = 1 - torch.exp(-t / 0.08)
    x = base.repeat(n, 1)
    for i in range(n):
        if y[i] == 1:      # hold winding never engages: current stays at peak
            pass
        else:
            x[i, length // 3:] *= 0.35
        if y[i] == 2:      # EOS switch bounce
            x[i, length // 3: length // 3 + 12] += 0.3 * torch.sign(torch.sin(t[:12] * 90))
        if y[i] == 3:      # weak sleeve: slower rise
            x[i] = (1 - torch.exp(-t / 0.2)) * x[i] / base.clamp(min=1e-3)
    x = x + 0.03 * torch.randn(x.shape, generator=generator)
    return x.unsqueeze(1), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--probe-every", type=int, default=3)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(5)

    model = CoilTraceNet()
    lr = 0.05
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.0)
    for step in range(args.steps):
        x, y = synth_coil_traces(args.batch, generator=gen)
        if step % args.probe_every == 0:
            lam = top_hessian_eigenvalue(model, x, y)
            lr = min(0.2, 1.6 / max(lam, 1e-6))
            for group in opt.param_groups:
                group["lr"] = lr
            log.info("step %d lambda_max(surrogate) %.4f -> lr %.4f", step, lam, lr)
        model.train()
        loss = classification_loss(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        log.info("step %d loss %.4f", step, loss.item())
    log.info("training model still uses %s", type(model.features[3]).__name__)


if __name__ == "__main__":
    main()
