"""Hutchinson estimate of tr(H) of the loss w.r.t. the classifier head only (flatness metric
used for checkpoint selection); the encoder output is treated as fixed features."""
import torch
import torch.nn.functional as F


def head_hessian_trace(clf, tiles, labels, n_probes=4):
    feats = clf.embed(tiles)
    params = [p for p in clf.head.parameters() if p.requires_grad]
    loss = F.cross_entropy(clf.head(feats), labels)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_probes):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=True)
        trace += sum((h * v).sum() for h, v in zip(hvs, vs)).item()
    return trace / n_probes
