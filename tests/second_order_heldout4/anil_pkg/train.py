"""ANIL meta-training: the head is adapted with second-order inner steps on the frozen-per-task features."""
import torch
import torch.nn.functional as F

from models import Backbone, Head


def head_logits(feats, w, b):
    return F.linear(feats, w, b)


def adapt_head(head, feats, y, inner_lr, steps):
    w, b = head.weight, head.bias
    for _ in range(steps):
        inner = F.cross_entropy(head_logits(feats, w, b), y)
        gw, gb = torch.autograd.grad(inner, (w, b), create_graph=True)
        w, b = w - inner_lr * gw, b - inner_lr * gb
    return w, b


def meta_train(task_loader, n_way=5, ch=32, img=28, inner_lr=0.4, steps=5, iters=10000):
    body = Backbone(ch)
    with torch.no_grad():
        d_feat = body(torch.zeros(1, 3, img, img)).shape[1]
    head = Head(d_feat, n_way)
    opt = torch.optim.Adam(list(body.parameters()) + list(head.parameters()), lr=1e-3)
    for _, tasks in zip(range(iters), task_loader):
        opt.zero_grad()
        for xs, ys, xq, yq in tasks:
            w, b = adapt_head(head, body(xs), ys, inner_lr, steps)
            outer = F.cross_entropy(head_logits(body(xq), w, b), yq)
            (outer / len(tasks)).backward()
        opt.step()
