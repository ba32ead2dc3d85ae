"""Meta-SGD (Li et al. 2017) for lichen-cover growth curves on churchyard headstones (one task per site).

The inner update helper takes the create_graph flag from the run config.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class InnerCfg:
    second_order: bool = False
    inner_steps: int = 1
    meta_lr: float = 1e-3


class GrowthNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(3, 16, 5, padding=2)
        self.fc = nn.Linear(16 * 12, 1)

    def forward(self, climate):
        h = F.elu(self.conv(climate), alpha=0.5)
        return self.fc(h.flatten(1))


def inner_update(model, params, lrs, xs, ys, create_graph):
    pred = functional_call(model, params, (xs,))
    loss = F.smooth_l1_loss(pred, ys, beta=0.5)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
    return {k: w - lrs[k] * g for (k, w), g in zip(params.items(), grads)}


cfg = InnerCfg(second_order=True)
model = GrowthNet()
lrs = {k: torch.full_like(p, 0.01, requires_grad=True) for k, p in model.named_parameters()}
meta_opt = torch.optim.Adam(list(model.parameters()) + list(lrs.values()), lr=cfg.meta_lr)

for episode in range(2):
    meta_opt.zero_grad()
    xs, ys = torch.randn(8, 3, 12), torch.rand(8, 1)
    xq, yq = torch.randn(8, 3, 12), torch.rand(8, 1)
    fast = dict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        fast = inner_update(model, fast, lrs, xs, ys, create_graph=cfg.second_order)
    query = F.l1_loss(functional_call(model, fast, (xq,)), yq)
    query.backward()
    meta_opt.step()
    print(episode, query.item())
