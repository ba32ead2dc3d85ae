"""HAWQ-v3-style per-layer Hessian traces (Hutchinson) to rank layers for mixed-precision bit widths."""
import torch


def layer_hessian_traces(model, criterion, x, y, task, n_samples=2):
    named = [(n, p) for n, p in model.named_parameters()
             if p.dim() > 1 and (not n.startswith("heads.") or n.startswith(f"heads.{task}."))]
    params = [p for _, p in named]
    loss = criterion(model(x, task), y)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    traces = {n: 0.0 for n, _ in named}
    for _ in range(n_samples):
        vs = [torch.randn_like(p).sign() for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=True)
        for (n, p), hv, v in zip(named, hvs, vs):
            traces[n] += (hv * v).sum().item() / n_samples
    return {n: t / dict(named)[n].numel() for n, t in traces.items()}


def allocate_bits(traces, budget_bits=(8, 6, 4)):
    order = sorted(traces, key=traces.get, reverse=True)
    per = max(1, len(order) // len(budget_bits))
    return {n: budget_bits[min(i // per, len(budget_bits) - 1)] for i, n in enumerate(order)}
