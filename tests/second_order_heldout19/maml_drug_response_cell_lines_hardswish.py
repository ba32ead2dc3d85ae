"""Second-order MAML for few-shot drug-response regression across cancer cell lines."""
from collections import OrderedDict

import torch
import torch.nn.functional as F


def forward(x, weights):
    h = F.linear(x, weights['l1.w'], weights['l1.b'])
    h = F.hardswish(h)
    h = F.linear(h, weights['l2.w'], weights['l2.b'])
    h = F.hardswish(h)
    return F.linear(h, weights['out.w'], weights['out.b'])


def init_weights(n_genes=12, hidden=16):
    w = OrderedDict()
    w['l1.w'] = torch.nn.Parameter(torch.randn(hidden, n_genes) * 0.1)
    w['l1.b'] = torch.nn.Parameter(torch.zeros(hidden))
    w['l2.w'] = torch.nn.Parameter(torch.randn(hidden, hidden) * 0.1)
    w['l2.b'] = torch.nn.Parameter(torch.zeros(hidden))
    w['out.w'] = torch.nn.Parameter(torch.randn(1, hidden) * 0.1)
    w['out.b'] = torch.nn.Parameter(torch.zeros(1))
    return w


meta_weights = init_weights()
meta_opt = torch.optim.Adam(meta_weights.values(), lr=1e-3)
inner_lr, inner_steps, first_order = 0.05, 2, False

for it in range(2):
    meta_opt.zero_grad()
    meta_loss = 0.0
    for cell_line in range(3):
        xs, ys = torch.randn(5, 12), torch.randn(5, 1)
        xq, yq = torch.randn(5, 12), torch.randn(5, 1)
        fast = OrderedDict(meta_weights)
        for _ in range(inner_steps):
            support_loss = F.mse_loss(forward(xs, fast), ys)
            grads = torch.autograd.grad(support_loss, fast.values(), create_graph=not first_order)
            fast = OrderedDict((name, p - inner_lr * g) for (name, p), g in zip(fast.items(), grads))
        meta_loss = meta_loss + F.mse_loss(forward(xq, fast), yq)
    (meta_loss / 3).backward()
    meta_opt.step()
