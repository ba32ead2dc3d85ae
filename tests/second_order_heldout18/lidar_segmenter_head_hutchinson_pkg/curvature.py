import torch
import torch.nn.functional as F


def layer_hessian_trace(seg, points, labels, layer_idx, n_probe=4):
    """Hutchinson estimate of tr(H) restricted to one layer's weight, used to pick its quantisation bits."""
    w = seg[layer_idx].weight
    logp = seg(points)
    loss = F.nll_loss(logp, labels)
    g, = torch.autograd.grad(loss, w, create_graph=True)
    est = 0.0
    for _ in range(n_probe):
        v = torch.randint_like(w, 2) * 2 - 1
        hv, = torch.autograd.grad(g, w, grad_outputs=v, retain_graph=True)
        est += (hv * v).sum().item()
    return est / n_probe
