"""Influence functions (Koh & Liang 2017) for a micro-loan repayment classifier.

s_test = H^-1 grad L(z_test) via LiSSA; H v products are computed with the double-backward trick
(torch.autograd.grad twice) over all model parameters.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(1)


class RepaymentMLP(nn.Module):
    def __init__(self, d=10):
        super().__init__()
        self.fc1 = nn.Linear(d, 16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        return self.fc2(F.softplus(self.fc1(x))).squeeze(-1)


def hvp(y, w, v):
    first_grads = torch.autograd.grad(y, w, retain_graph=True, create_graph=True)
    elemwise = sum((g * vv).sum() for g, vv in zip(first_grads, v))
    return torch.autograd.grad(elemwise, w, create_graph=False)


def s_test(model, x_test, y_test, x_train, y_train, damp=0.01, scale=25.0, recursion_depth=3):
    params = [p for p in model.parameters() if p.requires_grad]
    test_loss = F.binary_cross_entropy(torch.sigmoid(model(x_test)), y_test)
    v = torch.autograd.grad(test_loss, params)
    h_estimate = [vv.clone() for vv in v]
    for _ in range(recursion_depth):
        idx = torch.randint(0, x_train.size(0), (8,))
        train_loss = F.binary_cross_entropy_with_logits(model(x_train[idx]), y_train[idx])
        hv = hvp(train_loss, params, h_estimate)
        h_estimate = [_v + (1 - damp) * _h - _hv / scale for _v, _h, _hv in zip(v, h_estimate, hv)]
    return h_estimate


model = RepaymentMLP()
x_train, y_train = torch.randn(64, 10), torch.randint(0, 2, (64,)).float()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(5):
    opt.zero_grad()
    F.binary_cross_entropy_with_logits(model(x_train), y_train).backward()
    opt.step()

x_test, y_test = torch.randn(1, 10), torch.ones(1)
st = s_test(model, x_test, y_test, x_train, y_train)
for i in range(3):
    loss_i = F.binary_cross_entropy_with_logits(model(x_train[i:i + 1]), y_train[i:i + 1])
    g_i = torch.autograd.grad(loss_i, list(model.parameters()))
    influence = -sum((a * b).sum() for a, b in zip(g_i, st)).item() / x_train.size(0)
    print(i, influence)
