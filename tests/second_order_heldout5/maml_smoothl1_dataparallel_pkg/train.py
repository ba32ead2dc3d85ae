"""Meta-training on sinusoid regression tasks; the model is wrapped in nn.DataParallel as in the
multi-GPU launch script, MAML unwraps it through .module."""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

from meta import MAML
from models import MODELS, NetConfig


def sample_tasks(n_tasks=8, k_shot=10, k_query=15):
    tasks = []
    for _ in range(n_tasks):
        amp = torch.empty(1).uniform_(0.1, 5.0)
        phase = torch.empty(1).uniform_(0.0, math.pi)
        x = torch.empty(k_shot + k_query, 1).uniform_(-5.0, 5.0)
        y = amp * torch.sin(x - phase)
        tasks.append((x[:k_shot], y[:k_shot], x[k_shot:], y[k_shot:]))
    return tasks


def main(meta_steps=20000, arch="residual", meta_lr=1e-3):
    cfg = NetConfig(hidden=40, act="relu6")
    model = nn.DataParallel(MODELS[arch](cfg))
    maml = MAML(model, inner_lr=0.01, inner_steps=1, first_order=False)
    query_loss = functools.partial(F.mse_loss, reduction="mean")
    opt = torch.optim.Adam(model.parameters(), lr=meta_lr)
    for step in range(meta_steps):
        loss = maml.meta_loss(sample_tasks(), query_loss)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model
