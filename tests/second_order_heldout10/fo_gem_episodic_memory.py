"""Gradient Episodic Memory (Lopez-Paz & Ranzato, 2017), single-constraint variant (A-GEM).

The current gradient is projected so that it does not increase the loss on an episodic memory:
g <- g - (g.g_ref / g_ref.g_ref) g_ref if g.g_ref < 0. Both gradients are plain first-order gradients.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, d_in=784, h=100, n_cls=10):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(d_in, h), nn.PReLU(), nn.Linear(h, h), nn.PReLU(), nn.Linear(h, n_cls))

    def forward(self, x):
        return F.log_softmax(self.layers(x), dim=1)


def flat_grad(model, loss):
    grads = torch.autograd.grad(loss, list(model.parameters()))
    return torch.cat([g.reshape(-1) for g in grads])


def assign_grad(model, flat):
    i = 0
    for p in model.parameters():
        n = p.numel()
        p.grad = flat[i:i + n].view_as(p).clone()
        i += n


def agem_step(model, opt, x, y, mem_x, mem_y):
    g = flat_grad(model, F.nll_loss(model(x), y))
    if mem_x is not None:
        g_ref = flat_grad(model, F.nll_loss(model(mem_x), mem_y))
        dot = torch.dot(g, g_ref)
        if dot < 0:
            g = g - dot / g_ref.dot(g_ref) * g_ref
    assign_grad(model, g)
    opt.step()


model = MLP()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
memory = (None, None)
for task in range(2):
    perm = torch.randperm(784)
    for step in range(2):
        x, y = torch.rand(16, 784)[:, perm], torch.randint(0, 10, (16,))
        agem_step(model, opt, x, y, *memory)
    memory = (x[:8].clone(), y[:8].clone())
    print("task", task, "done")
