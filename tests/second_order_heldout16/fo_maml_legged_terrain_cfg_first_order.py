"""Meta-learning a terrain-adaptive dynamics model for a legged robot (MAML with a config switch).
This run uses the first-order approximation: the config is built with second_order=False."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class AdaptCfg:
    inner_lr: float = 0.01
    inner_steps: int = 2
    second_order: bool = True


class DynamicsModel(nn.Module):
    def __init__(self, s_dim=12, a_dim=4):
        super().__init__()
        self.l1 = nn.Linear(s_dim + a_dim, 64)
        self.act = nn.ELU()
        self.l2 = nn.Linear(64, s_dim)

    def forward(self, s, a):
        return s + self.l2(self.act(self.l1(torch.cat([s, a], -1))))


def inner_adapt(model, cfg, s, a, s_next):
    params = dict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        pred = functional_call(model, params, (s, a))
        loss = F.smooth_l1_loss(pred, s_next)
        grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=cfg.second_order)
        params = {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


cfg = AdaptCfg(second_order=False)
model = DynamicsModel()
meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for it in range(3):
    s, a, s_next = torch.randn(16, 12), torch.randn(16, 4), torch.randn(16, 12)
    fast = inner_adapt(model, cfg, s[:8], a[:8], s_next[:8])
    meta_loss = F.mse_loss(functional_call(model, fast, (s[8:], a[8:])), s_next[8:])
    meta_opt.zero_grad()
    meta_loss.backward()
    meta_opt.step()
