"""Second-order MAML on sinusoid regression using torch.func.functional_call."""
import torch
import torch.nn as nn
from torch.func import functional_call


class Regressor(nn.Module):
    def __init__(self, hidden=40):
        super().__init__()
        self.l1 = nn.Linear(1, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)
        self.a1 = nn.ELU()
        self.a2 = nn.ReLU()

    def forward(self, x):
        return self.l3(self.a2(self.l2(self.a1(self.l1(x)))))


def sample_task(k=10):
    amp = torch.empty(1).uniform_(0.1, 5.0)
    phase = torch.empty(1).uniform_(0, 3.1416)
    xs = torch.empty(2 * k, 1).uniform_(-5, 5)
    ys = amp * torch.sin(xs + phase)
    return xs[:k], ys[:k], xs[k:], ys[k:]


def mse(pred, target):
    return ((pred - target) ** 2).mean()


def inner_adapt(model, params, x, y, steps=1, lr=0.01):
    for _ in range(steps):
        loss = mse(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
        params = {name: p - lr * g for (name, p), g in zip(params.items(), grads)}
    return params


def meta_train(iterations=10000, meta_batch=25):
    model = Regressor()
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(iterations):
        meta_loss = 0.0
        for _ in range(meta_batch):
            xs, ys, xq, yq = sample_task()
            fast = inner_adapt(model, dict(model.named_parameters()), xs, ys)
            meta_loss = meta_loss + mse(functional_call(model, fast, (xq,)), yq)
        meta_opt.zero_grad()
        (meta_loss / meta_batch).backward()
        meta_opt.step()
