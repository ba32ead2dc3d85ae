"""Influence functions (Koh & Liang 2017) for a coral-bleaching severity classifier on reef sensor features.

s_test = H^-1 grad L(z_test) by the LiSSA recursion, with Hessian-vector products of the training loss.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ReefNet(nn.Module):
    def __init__(self, n_in=12, n_hidden=24, n_classes=4):
        super().__init__()
        self.fc1 = nn.Linear(n_in, n_hidden)
        self.act = nn.ReLU6()
        self.fc2 = nn.Linear(n_hidden, n_classes)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def train_loss(model, x, y):
    logp = F.log_softmax(model(x), dim=1)
    return F.nll_loss(logp, y)


def hvp(loss, params, v):
    first_grads = torch.autograd.grad(loss, params, create_graph=True)
    elemwise = sum((g * vv).sum() for g, vv in zip(first_grads, v))
    return torch.autograd.grad(elemwise, params)


def s_test(model, z_test, t_test, train_batches, damp=0.01, scale=25.0, depth=4):
    params = [p for p in model.parameters() if p.requires_grad]
    test_loss = F.cross_entropy(model(z_test), t_test)
    v = torch.autograd.grad(test_loss, params)
    h_estimate = [vv.clone() for vv in v]
    for i in range(depth):
        x, y = train_batches[i % len(train_batches)]
        hv = hvp(train_loss(model, x, y), params, h_estimate)
        h_estimate = [_v + (1 - damp) * _h - _hv / scale for _v, _h, _hv in zip(v, h_estimate, hv)]
    return h_estimate


model = ReefNet()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(16, 12), torch.randint(0, 4, (16,))) for _ in range(3)]
for epoch in range(2):
    for x, y in batches:
        opt.zero_grad()
        train_loss(model, x, y).backward()
        opt.step()

z_test, t_test = torch.randn(1, 12), torch.randint(0, 4, (1,))
st = s_test(model, z_test, t_test, batches)
params = [p for p in model.parameters()]
x0, y0 = batches[0][0][:1], batches[0][1][:1]
g_train = torch.autograd.grad(train_loss(model, x0, y0), params)
influence = -sum((a * b).sum() for a, b in zip(g_train, st)).item()
print(f"influence of train point 0 on the test point: {influence:.4f}")
