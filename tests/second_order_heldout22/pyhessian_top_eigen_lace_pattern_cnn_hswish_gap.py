"""PyHessian-style top Hessian eigenvalue (power iteration on the loss of a whole model's parameters)
for a bobbin-lace pattern classifier; the eigenvalue is used as a sharpness penalty every few steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def lace_net(n_cls=5):
    return nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.BatchNorm2d(8), nn.Hardswish(),
        nn.Conv2d(8, 8, 3, stride=2, padding=1), nn.Hardswish(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, n_cls))


def group_product(xs, ys):
    return sum(torch.sum(x * y) for x, y in zip(xs, ys))


def normalization(v):
    s = torch.sqrt(group_product(v, v)) + 1e-6
    return [vi / s for vi in v]


def hessian_vector_product(gradsH, params, v):
    return torch.autograd.grad(gradsH, params, grad_outputs=v, only_inputs=True, retain_graph=True,
                               create_graph=True)


def top_eigenvalue(model, inputs, targets, iters=3):
    params = [p for p in model.parameters() if p.requires_grad]
    loss = F.cross_entropy(model(inputs), targets)
    gradsH = torch.autograd.grad(loss, params, create_graph=True)
    v = normalization([torch.randn_like(p) for p in params])
    eigenvalue = None
    for _ in range(iters):
        Hv = hessian_vector_product(gradsH, params, v)
        eigenvalue = group_product(Hv, v)
        v = normalization([h.detach() for h in Hv])
    return eigenvalue


model = lace_net()
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
for step in range(2):
    x, y = torch.randn(6, 1, 16, 16), torch.randint(0, 5, (6,))
    loss = F.cross_entropy(model(x), y)
    if step % 2 == 0:
        loss = loss + 0.01 * top_eigenvalue(model, x, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
