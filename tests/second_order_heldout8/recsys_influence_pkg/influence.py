"""Influence of training impressions on a test prediction (Koh & Liang 2017) with LiSSA:
s_test = H^-1 grad L_test, estimated by the recursion h <- v + (1 - damp) h - H h / scale."""
import torch
import torch.nn.functional as F


def ctr_loss(model, batch):
    fields, clicks = batch
    return F.binary_cross_entropy_with_logits(model(fields), clicks)


def _params(model):
    return [p for p in model.parameters() if p.requires_grad]


def hvp(model, batch, vec):
    params = _params(model)
    grads = torch.autograd.grad(ctr_loss(model, batch), params, create_graph=True)
    dot = sum((g * v).sum() for g, v in zip(grads, vec))
    return torch.autograd.grad(dot, params)


def lissa_s_test(model, test_batch, train_sampler, depth=100, damping=0.01, scale=25.0):
    model.eval()
    v = torch.autograd.grad(ctr_loss(model, test_batch), _params(model))
    h = [x.clone() for x in v]
    for _ in range(depth):
        hv = hvp(model, next(train_sampler), h)
        h = [a + (1 - damping) * b - c / scale for a, b, c in zip(v, h, hv)]
    return [x / scale for x in h]


def influence_scores(model, s_test, train_points):
    scores = []
    for point in train_points:
        g = torch.autograd.grad(ctr_loss(model, point), _params(model))
        scores.append(-sum((a * b).sum() for a, b in zip(g, s_test)).item())
    return scores
