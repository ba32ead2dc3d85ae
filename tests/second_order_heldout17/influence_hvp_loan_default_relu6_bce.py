"""Influence functions (Koh & Liang) for a loan-default scorer: s_test = H^-1 grad L_test by LiSSA,
each Hessian-vector product built from two torch.autograd.grad calls over the parameters."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Scorer(nn.Module):
    def __init__(self, d=12):
        super().__init__()
        self.l1 = nn.Linear(d, 16)
        self.act = nn.ReLU6()
        self.l2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.l2(self.act(self.l1(x))).squeeze(-1)


def hvp(y, w, v):
    first_grads = torch.autograd.grad(y, w, retain_graph=True, create_graph=True)
    elemwise = sum((g * vv).sum() for g, vv in zip(first_grads, v))
    return torch.autograd.grad(elemwise, w)


def s_test(model, x_test, y_test, x_train, y_train, damp=0.01, scale=25.0, recursion_depth=3):
    params = [p for p in model.parameters() if p.requires_grad]
    loss_test = F.binary_cross_entropy_with_logits(model(x_test), y_test)
    v = torch.autograd.grad(loss_test, params)
    h_estimate = [vv.clone() for vv in v]
    for _ in range(recursion_depth):
        idx = torch.randint(0, x_train.size(0), (8,))
        loss = F.binary_cross_entropy_with_logits(model(x_train[idx]), y_train[idx])
        hv = hvp(loss, params, h_estimate)
        h_estimate = [_v + (1 - damp) * _h - _hv / scale for _v, _h, _hv in zip(v, h_estimate, hv)]
    return [h / scale for h in h_estimate]


def influence(model, s, x, y):
    params = [p for p in model.parameters() if p.requires_grad]
    g = torch.autograd.grad(F.binary_cross_entropy_with_logits(model(x), y), params)
    return -sum((a * b).sum() for a, b in zip(g, s)).item()


if __name__ == "__main__":
    x_tr, y_tr = torch.randn(64, 12), torch.randint(0, 2, (64,)).float()
    model = Scorer()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(5):
        opt.zero_grad()
        F.binary_cross_entropy_with_logits(model(x_tr), y_tr).backward()
        opt.step()
    s = s_test(model, x_tr[:1], y_tr[:1], x_tr, y_tr)
    print([influence(model, s, x_tr[i:i + 1], y_tr[i:i + 1]) for i in range(3)])
