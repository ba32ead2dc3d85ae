"""ML3-style meta-learned loss (Bechtle et al. 2021) for sine regression: the regressor takes one gradient
step on the learned loss with create_graph=True, and the task MSE after the step trains the loss network."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LearnedLoss(nn.Module):
    def __init__(self, in_dim=2, hidden=50, n_layers=2):
        super().__init__()
        dims = [in_dim] + [hidden] * n_layers
        self.hidden = nn.ModuleList([nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:])])
        self.out = nn.Linear(hidden, 1)

    def forward(self, y_pred, y_target):
        h = torch.cat([y_pred, y_target], dim=1)
        for layer in self.hidden:
            h = F.elu(layer(h))
        return F.softplus(self.out(h)).mean()


def init_regressor(hidden=40):
    w1 = (torch.randn(hidden, 1) * 0.5).requires_grad_()
    b1 = torch.zeros(hidden, requires_grad=True)
    w2 = (torch.randn(1, hidden) / math.sqrt(hidden)).requires_grad_()
    b2 = torch.zeros(1, requires_grad=True)
    return [w1, b1, w2, b2]


def regressor(params, x):
    w1, b1, w2, b2 = params
    return F.linear(torch.tanh(F.linear(x, w1, b1)), w2, b2)


def sample_task(n=32):
    amp, phase = torch.rand(1) * 4.9 + 0.1, torch.rand(1) * math.pi
    x = torch.rand(n, 1) * 10 - 5
    return x, amp * torch.sin(x + phase)


def meta_train(meta_iters=3000, inner_lr=1e-3, n_tasks=4):
    ml3 = LearnedLoss()
    meta_opt = torch.optim.Adam(ml3.parameters(), lr=1e-3)
    for it in range(meta_iters):
        meta_opt.zero_grad()
        for _ in range(n_tasks):
            params = init_regressor()
            x, y = sample_task()
            pred = regressor(params, x)
            inner = ml3(pred, y)
            grads = torch.autograd.grad(inner, params, create_graph=True)
            new_params = [p - inner_lr * g for p, g in zip(params, grads)]
            task_loss = F.mse_loss(regressor(new_params, x), y)
            task_loss.backward()
        meta_opt.step()
    return ml3


def train_with_learned_loss(ml3, steps=100, lr=1e-3):
    params = init_regressor()
    opt = torch.optim.SGD(params, lr=lr)
    x, y = sample_task()
    for _ in range(steps):
        opt.zero_grad()
        ml3(regressor(params, x), y).backward()
        opt.step()
    return params
