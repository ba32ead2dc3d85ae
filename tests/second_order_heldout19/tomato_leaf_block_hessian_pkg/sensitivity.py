"""HAWQ-style Hessian-trace sensitivity of one block, used to pick its quantisation bit-width."""
import torch


def block_hessian_trace(model, criterion, images, labels, block, n_samples=8):
    weights = [p for p in model[block].parameters() if p.requires_grad]
    loss = criterion(model(images), labels)
    grads = torch.autograd.grad(loss, weights, create_graph=True)
    estimates = []
    for _ in range(n_samples):
        vs = [torch.randint_like(w, high=2) * 2 - 1 for w in weights]
        hvs = torch.autograd.grad(grads, weights, grad_outputs=vs, retain_graph=True)
        estimates.append(sum((hv * v).sum() for hv, v in zip(hvs, vs)).item())
    return sum(estimates) / len(estimates) / sum(w.numel() for w in weights)
