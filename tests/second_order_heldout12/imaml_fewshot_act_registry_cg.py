"""iMAML (Rajeswaran et al., 2019) on few-shot sketch classification: implicit meta-gradient
(I + H/lam)^-1 g_val solved with conjugate gradient on Hessian-vector products."""
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "relu": nn.ReLU,
    "relu6": nn.ReLU6,
    "leaky": partial(nn.LeakyReLU, 0.1),
}


def conv_block(cin, cout, act):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), ACTIVATIONS[act]())


class ProtoConv(nn.Module):
    def __init__(self, n_way=5, act="relu"):
        super().__init__()
        self.features = nn.Sequential(conv_block(1, 16, act), conv_block(16, 16, act))
        self.cls = nn.Linear(16 * 8 * 8, n_way)

    def forward(self, x):
        return self.cls(self.features(x).flatten(1))


def hvp(loss_fn, params, vec):
    grads = torch.autograd.grad(loss_fn(), params, create_graph=True)
    return torch.autograd.grad(grads, params, grad_outputs=vec)


def conjugate_gradient(Av, b, steps=3):
    x = [torch.zeros_like(t) for t in b]
    r = [t.clone() for t in b]
    p = [t.clone() for t in b]
    rr = sum((t * t).sum() for t in r)
    for _ in range(steps):
        Ap = Av(p)
        a = rr / sum((u * v).sum() for u, v in zip(p, Ap))
        x = [xi + a * pi for xi, pi in zip(x, p)]
        r = [ri - a * api for ri, api in zip(r, Ap)]
        rr_new = sum((t * t).sum() for t in r)
        p = [ri + rr_new / rr * pi for ri, pi in zip(r, p)]
        rr = rr_new
    return x


def inner_solve(learner, meta_params, xs, ys, lam, steps=3, lr=0.05):
    with torch.no_grad():
        for p, m in zip(learner.parameters(), meta_params):
            p.copy_(m)
    opt = torch.optim.SGD(learner.parameters(), lr=lr)
    for _ in range(steps):
        reg = sum(((p - m.detach()) ** 2).sum() for p, m in zip(learner.parameters(), meta_params))
        loss = F.cross_entropy(learner(xs), ys) + lam / 2 * reg
        opt.zero_grad(); loss.backward(); opt.step()


def main(act="relu6", lam=2.0):
    meta = ProtoConv(act=act)
    learner = ProtoConv(act=act)
    meta_opt = torch.optim.Adam(meta.parameters(), lr=1e-3)
    for it in range(2):
        xs, ys = torch.randn(10, 1, 8, 8), torch.arange(5).repeat(2)
        xq, yq = torch.randn(10, 1, 8, 8), torch.arange(5).repeat(2)
        inner_solve(learner, list(meta.parameters()), xs, ys, lam)
        params = list(learner.parameters())
        g_val = torch.autograd.grad(F.cross_entropy(learner(xq), yq), params)
        support_loss = lambda: F.cross_entropy(learner(xs), ys)
        Av = lambda v: [vi + h / lam for vi, h in zip(v, hvp(support_loss, params, v))]
        meta_grad = conjugate_gradient(Av, list(g_val))
        meta_opt.zero_grad()
        for p, g in zip(meta.parameters(), meta_grad):
            p.grad = g.detach()
        meta_opt.step()
        print(it, "meta-grad norm", sum(g.norm() for g in meta_grad).item())


if __name__ == "__main__":
    main(act="relu6")
