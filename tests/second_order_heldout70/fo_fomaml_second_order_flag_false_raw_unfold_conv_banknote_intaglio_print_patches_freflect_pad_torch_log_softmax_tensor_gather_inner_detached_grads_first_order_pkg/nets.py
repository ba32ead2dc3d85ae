import math

import torch
import torch.nn.functional as F


def init_weights(cfg, gen):
    c = cfg.channels
    return [
        (torch.randn(c, 1, 3, 3, generator=gen) / 3.0).requires_grad_(),
        torch.zeros(c).requires_grad_(),
        (torch.randn(c, cfg.n_way, generator=gen) / math.sqrt(c)).requires_grad_(),
    ]


def conv3x3(x, w, b):
    xp = F.pad(x, (1, 1, 1, 1), mode="reflect")
    cols = F.unfold(xp, kernel_size=3)
    out = w.flatten(1) @ cols + b.view(1, -1, 1)
    return out.view(x.shape[0], w.shape[0], x.shape[2], x.shape[3])


def functional_forward(weights, x):
    w, b, w_cls = weights
    h = conv3x3(x, w, b).clamp_min(0)
    return h.mean(dim=(2, 3)) @ w_cls


def nll(logits, y):
    logp = torch.log_softmax(logits, dim=-1)
    return -logp.gather(1, y.unsqueeze(-1)).mean()
