"""Brick firing-defect detector (cracked / not) with a curvature-adaptive learning rate.

Every few steps the top Hessian eigenvalue of the training loss is estimated by power iteration on
Hessian-vector products built as torch.func.jvp over torch.func.grad; the step size is 1 / lambda_max.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jvp


class KilnNet(nn.Module):
    def __init__(self, n_in=6, hidden=12):
        super().__init__()
        self.fc1 = nn.Linear(n_in, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = F.hardshrink(self.fc1(x), lambd=0.05)
        h = F.gelu(self.fc2(h))
        return self.out(h).squeeze(-1)


def make_loss_fn(model, x, y):
    def loss_fn(params):
        logits = functional_call(model, params, (x,))
        return F.binary_cross_entropy_with_logits(logits, y)
    return loss_fn


def top_eigenvalue(model, x, y, iters=5):
    params = {k: v.detach() for k, v in model.named_parameters()}
    loss_fn = make_loss_fn(model, x, y)
    v = {k: torch.randn_like(p) for k, p in params.items()}
    lam = torch.tensor(0.0)
    for _ in range(iters):
        norm = torch.sqrt(sum((t ** 2).sum() for t in v.values()))
        v = {k: t / norm for k, t in v.items()}
        _, hv = jvp(grad(loss_fn), (params,), (v,))
        lam = sum((hv[k] * v[k]).sum() for k in v)
        v = hv
    return lam.abs().item()


def firing_logs(n=64):
    peak_temp = 900 + 200 * torch.rand(n)
    ramp = 50 + 100 * torch.rand(n)
    moisture = torch.rand(n) * 0.1
    x = torch.stack([peak_temp / 1000, ramp / 100, moisture * 10, torch.rand(n), torch.rand(n), torch.rand(n)], 1)
    y = ((ramp > 120) | (moisture > 0.07)).float()
    return x, y


def main(epochs=6, every=2):
    torch.manual_seed(11)
    model = KilnNet()
    lr = 0.1
    for epoch in range(epochs):
        x, y = firing_logs()
        if epoch % every == 0:
            lr = min(1.0, 1.0 / (top_eigenvalue(model, x, y) + 1e-8))
        loss = make_loss_fn(model, x, y)(dict(model.named_parameters()))
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
        print(f"epoch {epoch} bce {loss.item():.4f} lr {lr:.3f}")


if __name__ == "__main__":
    main()
