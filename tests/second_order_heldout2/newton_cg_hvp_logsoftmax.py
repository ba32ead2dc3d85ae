"""Truncated-Newton (Newton-CG) training of a small classifier with torch.autograd.functional.hvp."""
import torch
from torch import nn
from torch.autograd.functional import hvp
from torch.func import functional_call


class Net(nn.Module):
    def __init__(self, d_in=20, hidden=32, classes=4):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.act = nn.Softplus()
        self.fc2 = nn.Linear(hidden, classes)
        self.log_softmax = nn.LogSoftmax(dim=1)

    def forward(self, x):
        return self.log_softmax(self.fc2(self.act(self.fc1(x))))


def conjugate_gradient(Av, b, iters=10):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rs = r @ r
    for _ in range(iters):
        Ap = Av(p)
        alpha = rs / (p @ Ap)
        x, r = x + alpha * p, r - alpha * Ap
        rs_new = r @ r
        p = r + rs_new / rs * p
        rs = rs_new
    return x


def train(X, y, steps=20, damping=1e-3):
    model = Net()
    names = [n for n, _ in model.named_parameters()]
    shapes = [p.shape for p in model.parameters()]
    flat = torch.cat([p.detach().flatten() for p in model.parameters()])

    def unflatten(v):
        out, i = {}, 0
        for n, s in zip(names, shapes):
            out[n] = v[i:i + s.numel()].view(s)
            i += s.numel()
        return out

    def loss_fn(v):
        logp = functional_call(model, unflatten(v), (X,))
        return -logp.gather(1, y[:, None]).mean()

    for _ in range(steps):
        g = torch.autograd.functional.jacobian(loss_fn, flat)
        step = conjugate_gradient(lambda v: hvp(loss_fn, flat, v)[1] + damping * v, g)
        flat = flat - step
    return flat
