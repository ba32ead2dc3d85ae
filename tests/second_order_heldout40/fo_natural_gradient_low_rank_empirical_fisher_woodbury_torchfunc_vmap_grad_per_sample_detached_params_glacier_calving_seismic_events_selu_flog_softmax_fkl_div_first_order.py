"""Natural-gradient training of a glacier-calving event classifier from seismometer features.

Per-sample gradients come from torch.func.vmap(torch.func.grad(...)) over a functional_call with *detached*
parameters; they form a low-rank empirical Fisher F = G^T G / n + damping * I, and the batch gradient is
preconditioned with the Woodbury identity under torch.no_grad(). No derivative of a derivative is taken.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

EVENTS = ["calving", "icequake", "tremor", "noise"]
N_FEAT, BATCH, STEPS, LR, DAMPING, SMOOTH = 24, 16, 5, 0.05, 1e-1, 0.1


class EventNet(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(N_FEAT, width), nn.SELU(), nn.Linear(width, width), nn.SELU())
        self.out = nn.Linear(width, len(EVENTS))

    def forward(self, x):
        return self.out(self.body(x))


def smoothed_loss(logits, y):
    target = torch.full_like(logits, SMOOTH / (logits.shape[-1] - 1))
    target.scatter_(-1, y.unsqueeze(-1), 1.0 - SMOOTH)
    return F.kl_div(F.log_softmax(logits, dim=-1), target, reduction="batchmean")


def per_sample_grads(model, params, x, y):
    def one(p, xi, yi):
        return smoothed_loss(functional_call(model, p, (xi.unsqueeze(0),)), yi.unsqueeze(0))
    return vmap(grad(one), in_dims=(None, 0, 0))(params, x, y)


def main():
    torch.manual_seed(0)
    model = EventNet()
    names = [n for n, _ in model.named_parameters()]
    for step in range(STEPS):
        x = torch.randn(BATCH, N_FEAT)
        y = torch.randint(0, len(EVENTS), (BATCH,))
        loss = smoothed_loss(model(x), y)
        model.zero_grad()
        loss.backward()

        detached = {n: p.detach() for n, p in model.named_parameters()}
        ps = per_sample_grads(model, detached, x, y)
        with torch.no_grad():
            G = torch.cat([ps[n].flatten(1) for n in names], dim=1) / BATCH ** 0.5     # (n, P)
            g = torch.cat([p.grad.flatten() for p in model.parameters()])
            small = G @ G.t() + DAMPING * torch.eye(BATCH)
            nat = (g - G.t() @ torch.linalg.solve(small, G @ g)) / DAMPING
            offset = 0
            for p in model.parameters():
                p -= LR * nat[offset:offset + p.numel()].view_as(p) * DAMPING
                offset += p.numel()
        print(f"step {step}: loss {loss.item():.4f} |nat| {nat.norm().item():.3f}")


if __name__ == "__main__":
    main()
