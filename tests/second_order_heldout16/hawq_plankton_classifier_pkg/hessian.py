import torch
import torch.nn.functional as F


def layer_hessian_traces(model, images, labels, n_samples=2):
    """Hutchinson estimate of Tr(H) for every conv/linear weight (HAWQ-v2 sensitivity)."""
    named = [(n, p) for n, p in model.named_parameters() if p.dim() > 1]
    weights = [p for _, p in named]
    loss = F.cross_entropy(model(images), labels)
    grads = torch.autograd.grad(loss, weights, create_graph=True)
    traces = {n: 0.0 for n, _ in named}
    for _ in range(n_samples):
        vs = [torch.randint_like(w, high=2) * 2.0 - 1.0 for w in weights]
        hvs = torch.autograd.grad(grads, weights, grad_outputs=vs, retain_graph=True)
        for (n, _), hv, v in zip(named, hvs, vs):
            traces[n] += (hv * v).sum().item() / n_samples
    return traces


def allocate_bits(traces, budget=(2, 4, 8)):
    order = sorted(traces, key=traces.get)
    per = max(1, len(order) // len(budget))
    return {n: budget[min(i // per, len(budget) - 1)] for i, n in enumerate(order)}
