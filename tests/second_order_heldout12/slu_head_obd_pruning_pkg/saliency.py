"""Optimal Brain Damage saliencies s_i = 0.5 * H_ii * w_i^2 for one head, with the Hessian diagonal
estimated by Hutchinson probes (Becker & LeCun diagonal approximation replaced by z * (H z))."""
import torch


def head_hessian_diag(clf, task, feats, targets, criterion, probes=2):
    params = [p for p in clf.heads[task].parameters()]
    loss = criterion(clf.classify(feats, task), targets)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    diag = [torch.zeros_like(p) for p in params]
    for _ in range(probes):
        zs = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
        hz = torch.autograd.grad(grads, params, grad_outputs=zs, retain_graph=True)
        diag = [d + z * h / probes for d, z, h in zip(diag, zs, hz)]
    return params, diag


def obd_masks(params, diag, ratio=0.2):
    sal = torch.cat([(0.5 * d * p.detach() ** 2).flatten() for p, d in zip(params, diag)])
    k = max(1, int(ratio * sal.numel()))
    thresh = sal.kthvalue(k).values
    return [(0.5 * d * p.detach() ** 2 > thresh).float() for p, d in zip(params, diag)]
