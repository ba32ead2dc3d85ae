"""Truncated-Newton fine-tuning of a pollen-load classifier (bee hive entrance camera).
Hessian-vector products over ALL model parameters, conjugate gradient for the step."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_pollen_cnn(n_cls=6):
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.PReLU(8), nn.AvgPool2d(2),
        nn.Conv2d(8, 16, 3, padding=1), nn.PReLU(16), nn.AvgPool2d(2),
        nn.Flatten(), nn.Linear(16 * 4 * 4, n_cls),
    )


def hvp(net, batch, vecs, damping=1e-3):
    x, y = batch
    params = [p for p in net.parameters() if p.requires_grad]
    loss = F.cross_entropy(net(x), y)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    dot = sum((g * v).sum() for g, v in zip(grads, vecs))
    hv = torch.autograd.grad(dot, params)
    return [h + damping * v for h, v in zip(hv, vecs)]


def conjugate_gradient(net, batch, b, iters=3):
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rs = sum((t * t).sum() for t in r)
    for _ in range(iters):
        Ap = hvp(net, batch, p)
        alpha = rs / sum((a * q).sum() for a, q in zip(Ap, p))
        x = [xi + alpha * pi for xi, pi in zip(x, p)]
        r = [ri - alpha * ai for ri, ai in zip(r, Ap)]
        rs_new = sum((t * t).sum() for t in r)
        p = [ri + (rs_new / rs) * pi for ri, pi in zip(r, p)]
        rs = rs_new
    return x


net = make_pollen_cnn()
for step in range(2):
    batch = (torch.randn(8, 3, 16, 16), torch.randint(0, 6, (8,)))
    loss = F.cross_entropy(net(batch[0]), batch[1])
    g = torch.autograd.grad(loss, list(net.parameters()))
    direction = conjugate_gradient(net, batch, [-t for t in g])
    with torch.no_grad():
        for p, d in zip(net.parameters(), direction):
            p.add_(d, alpha=0.5)
