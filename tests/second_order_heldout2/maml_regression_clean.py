"""MAML for sinusoid regression with torch.func.functional_call; Tanh MLP and F.mse_loss (all twice-differentiable)."""
import math

import torch
from torch import nn
from torch.func import functional_call
import torch.nn.functional as F


class Regressor(nn.Module):
    def __init__(self, hidden=40):
        super().__init__()
        self.fc1 = nn.Linear(1, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)

    def forward(self, x):
        x = torch.tanh(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


def sample_task(k=10):
    amp, phase = torch.empty(1).uniform_(0.1, 5.0), torch.empty(1).uniform_(0, math.pi)
    x = torch.empty(2 * k, 1).uniform_(-5, 5)
    y = amp * torch.sin(x + phase)
    return x[:k], y[:k], x[k:], y[k:]


def train(iterations=5000, inner_lr=0.01, tasks_per_batch=8):
    net = Regressor()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(iterations):
        meta_loss = 0.0
        for _ in range(tasks_per_batch):
            xs, ys, xq, yq = sample_task()
            params = {k: v for k, v in net.named_parameters()}
            support_loss = F.mse_loss(functional_call(net, params, (xs,)), ys)
            grads = torch.autograd.grad(support_loss, params.values(), create_graph=True)
            adapted = {k: v - inner_lr * g for (k, v), g in zip(params.items(), grads)}
            meta_loss = meta_loss + F.mse_loss(functional_call(net, adapted, (xq,)), yq)
        opt.zero_grad()
        (meta_loss / tasks_per_batch).backward()
        opt.step()
