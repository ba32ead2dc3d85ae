import torch


def integrated_gradients(clf, ids, target, steps=16):
    emb = clf.embedding(ids).detach()
    baseline = torch.zeros_like(emb)
    total = torch.zeros_like(emb)
    for k in range(1, steps + 1):
        point = (baseline + k / steps * (emb - baseline)).requires_grad_(True)
        score = clf.forward_embedded(point)[:, target].sum()
        g, = torch.autograd.grad(score, point)
        total += g
    return ((emb - baseline) * total / steps).sum(-1)
