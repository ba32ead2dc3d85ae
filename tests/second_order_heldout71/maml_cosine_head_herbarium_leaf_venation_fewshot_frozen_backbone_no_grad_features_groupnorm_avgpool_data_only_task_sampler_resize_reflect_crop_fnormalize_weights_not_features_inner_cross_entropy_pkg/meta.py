"""MAML on a cosine-similarity classifier head over frozen features."""
import torch
import torch.nn.functional as F

import config as C


def cosine_logits(feats, weight, scale=C.COS_SCALE):
    f = F.normalize(feats, dim=-1)
    w = F.normalize(weight, dim=-1)
    return scale * f @ w.t()


def adapt(weight, feats_s, y_s, steps=C.INNER_STEPS, lr=C.INNER_LR, second_order=C.SECOND_ORDER):
    w = weight
    for _ in range(steps):
        loss = F.cross_entropy(cosine_logits(feats_s, w), y_s)
        (g,) = torch.autograd.grad(loss, w, create_graph=second_order)
        w = w - lr * g
    return w


def query_loss(weight, feats_q, y_q):
    return F.cross_entropy(cosine_logits(feats_q, weight), y_q, label_smoothing=0.1)
