"""Cocoa-bean cut-test grading (fully brown / partly purple / slaty / mouldy) from colour histograms,
trained with a Hutchinson Hessian-trace penalty (flat-minimum regulariser, differentiated through)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {"bins": 24, "hidden": 32, "classes": 4, "trace_weight": 1e-3, "probes": 2, "lr": 1e-3}


def make_grader(cfg):
    return nn.Sequential(
        nn.Linear(cfg["bins"] * 3, cfg["hidden"]),
        nn.LayerNorm(cfg["hidden"]),
        nn.GELU(approximate="tanh"),
        nn.Linear(cfg["hidden"], cfg["classes"]),
    )


def hutchinson_trace(loss, params, n_probes):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_probes):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True, retain_graph=True)
        trace = trace + sum((v * hv).sum() for v, hv in zip(vs, hvs))
    return trace / n_probes


def histograms(n, cfg):
    labels = torch.randint(0, cfg["classes"], (n,))
    base = torch.rand(n, cfg["bins"] * 3)
    base[torch.arange(n), labels * 5] += 2.0
    return base / base.sum(1, keepdim=True), labels


def main(cfg=CONFIG):
    torch.manual_seed(0)
    model = make_grader(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    params = [p for p in model.parameters() if p.requires_grad]
    for epoch in range(3):
        x, y = histograms(16, cfg)
        loss = F.cross_entropy(model(x), y)
        tr = hutchinson_trace(loss, params, cfg["probes"])
        total = loss + cfg["trace_weight"] * tr
        opt.zero_grad()
        total.backward()
        opt.step()
        print(f"epoch {epoch} ce {loss.item():.4f} trace {tr.item():.4f}")


if __name__ == "__main__":
    main()
