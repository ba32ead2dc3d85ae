"""Truncated-Newton (Hessian-free, Martens 2010 style) training of a sourdough-starter activity classifier.

Features: pH curve, rise height, temperature; classes: sluggish / ready / over-proofed.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class StarterNet(nn.Module):
    def __init__(self, d_in=12, hidden=32, n_cls=3):
        super().__init__()
        self.l1 = nn.Linear(d_in, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, n_cls)

    def forward(self, x):
        x = F.elu(self.l1(x))
        x = torch.tanh(self.l2(x))
        return F.log_softmax(self.l3(x), dim=-1)


def flat(ts):
    return torch.cat([t.reshape(-1) for t in ts])


def hvp(loss_fn, params, vec):
    loss = loss_fn()
    grads = torch.autograd.grad(loss, params, create_graph=True)
    gv = (flat(grads) * vec).sum()
    return flat(torch.autograd.grad(gv, params)).detach()


def conjugate_gradient(Av, b, iters=5, damping=1e-2):
    x = torch.zeros_like(b)
    r = b.clone()
    p = r.clone()
    rs = r @ r
    for _ in range(iters):
        Ap = Av(p) + damping * p
        alpha = rs / (p @ Ap)
        x += alpha * p
        r -= alpha * Ap
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


model = StarterNet()
params = [p for p in model.parameters()]
X = torch.randn(64, 12)
y = torch.randint(0, 3, (64,))


def batch_loss():
    return F.nll_loss(model(X), y)


for it in range(2):
    loss = batch_loss()
    g = flat(torch.autograd.grad(loss, params)).detach()
    step = conjugate_gradient(lambda v: hvp(batch_loss, params, v), -g)
    with torch.no_grad():
        offset = 0
        for p in params:
            n = p.numel()
            p.add_(step[offset:offset + n].view_as(p))
            offset += n
    print(it, loss.item())
