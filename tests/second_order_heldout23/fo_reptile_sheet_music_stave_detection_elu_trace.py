# Reptile (first-order meta-learning) for few-shot stave-line regression on sheet-music scans.
# The loss includes a trace-based covariance term; no second derivatives anywhere.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(8, 32), nn.ELU(), nn.Linear(32, 32), nn.ELU(), nn.Linear(32, 5))
outer_lr, inner_lr, inner_steps = 0.1, 0.02, 4


def task_loss(net, x, y):
    pred = net(x)
    r = pred - y
    cov = r.T @ r / x.size(0)
    return F.mse_loss(pred, y) + 0.01 * torch.trace(cov)


for meta_it in range(3):
    x, y = torch.randn(10, 8), torch.randn(10, 5)
    learner = copy.deepcopy(model)
    inner_opt = torch.optim.SGD(learner.parameters(), lr=inner_lr)
    for _ in range(inner_steps):
        inner_opt.zero_grad()
        task_loss(learner, x, y).backward()
        inner_opt.step()
    with torch.no_grad():
        for p, q in zip(model.parameters(), learner.parameters()):
            p.add_(outer_lr * (q - p))
