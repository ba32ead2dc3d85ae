"""HAWQ-style mixed-precision assignment for a bat echolocation call detector.

Each block's sensitivity is the Hutchinson estimate of the trace of its Hessian block,
tr(H_b) ~ E[v^T H_b v], from Hessian-vector products of the training loss.
Blocks with larger average trace keep 8 bits, the rest get 4 bits.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class QuantConfig:
    n_probe: int = 4
    high_bits: int = 8
    low_bits: int = 4
    keep_fraction: float = 0.5


class CallDetector(nn.Module):
    def __init__(self):
        super().__init__()
        self.block1 = nn.Sequential(nn.Conv1d(1, 8, 5, padding=2), nn.Hardtanh(-2.0, 2.0), nn.MaxPool1d(2))
        self.block2 = nn.Sequential(nn.Conv1d(8, 16, 5, padding=2), nn.Hardtanh(-2.0, 2.0))
        self.head = nn.Linear(16, 1)

    def forward(self, x):
        h = self.block2(self.block1(x))
        return self.head(h.mean(dim=2)).squeeze(1)


def block_params(model):
    return {name: [p for p in mod.parameters()] for name, mod in model.named_children()}


def hutchinson_traces(model, x, y, cfg):
    loss = F.binary_cross_entropy_with_logits(model(x), y)
    groups = block_params(model)
    flat = [p for ps in groups.values() for p in ps]
    grads = torch.autograd.grad(loss, flat, create_graph=True)
    traces = {name: 0.0 for name in groups}
    for _ in range(cfg.n_probe):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in flat]
        hv = torch.autograd.grad(grads, flat, grad_outputs=vs, retain_graph=True)
        i = 0
        for name, ps in groups.items():
            for p in ps:
                traces[name] += float((hv[i] * vs[i]).sum()) / (cfg.n_probe * p.numel())
                i += 1
    return traces


def assign_bits(traces, cfg):
    order = sorted(traces, key=traces.get, reverse=True)
    keep = max(1, int(len(order) * cfg.keep_fraction))
    return {name: (cfg.high_bits if i < keep else cfg.low_bits) for i, name in enumerate(order)}


def main():
    torch.manual_seed(0)
    cfg = QuantConfig()
    model = CallDetector()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x, y = torch.randn(16, 1, 64), torch.randint(0, 2, (16,)).float()
    for _ in range(2):
        loss = F.binary_cross_entropy_with_logits(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    traces = hutchinson_traces(model, x, y, cfg)
    print(traces, assign_bits(traces, cfg))


if __name__ == "__main__":
    main()
