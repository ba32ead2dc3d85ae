"""Learning the inner learning rate by a one-step unrolled hypergradient (Baydin/Franceschi style),
for a tea-leaf grading classifier (5 grades from colour/texture descriptors)."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class HyperCfg:
    second_order: bool = False
    inner_steps: int = 1
    hyper_lr: float = 1e-2


class GradeNet(nn.Module):
    def __init__(self, d=20, k=5):
        super().__init__()
        self.fc1 = nn.Linear(d, 32)
        self.act = nn.PReLU()
        self.fc2 = nn.Linear(32, k)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def unrolled(model, params, x, y, lr, cfg):
    for _ in range(cfg.inner_steps):
        train_loss = F.cross_entropy(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(train_loss, list(params.values()), create_graph=cfg.second_order)
        params = {n: p - lr * g for (n, p), g in zip(params.items(), grads)}
    return params


cfg = HyperCfg(second_order=True, inner_steps=2)
model = GradeNet()
log_lr = torch.tensor(-3.0, requires_grad=True)
hyper_opt = torch.optim.Adam([log_lr], lr=cfg.hyper_lr)
for outer in range(3):
    xs, ys = torch.randn(16, 20), torch.randint(0, 5, (16,))
    xv, yv = torch.randn(16, 20), torch.randint(0, 5, (16,))
    params = {n: p.detach().requires_grad_(True) for n, p in model.named_parameters()}
    adapted = unrolled(model, params, xs, ys, log_lr.exp(), cfg)
    val_loss = F.cross_entropy(functional_call(model, adapted, (xv,)), yv)
    hyper_opt.zero_grad()
    val_loss.backward()
    hyper_opt.step()
    with torch.no_grad():
        for n, p in model.named_parameters():
            p.copy_(adapted[n].detach())
    print(outer, val_loss.item(), log_lr.exp().item())
