# MAML for few-shot sign-painting lettering style recognition. The meta-learner is written to support
# second-order MAML, but the run config sets second_order=False (first-order MAML, as in many repos'
# --first_order flag): the inner gradient carries no graph.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MetaConfig:
    inner_lr: float = 0.05
    inner_steps: int = 2
    second_order: bool = True


class LetterNet(nn.Module):
    def __init__(self, n_way=5):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(1, 8, 3, stride=2, padding=1), nn.Hardswish(), nn.Flatten())
        self.fc = nn.Linear(8 * 8 * 8, n_way)

    def forward(self, x):
        return self.fc(self.enc(x))


def adapt(model, params, x, y, cfg):
    for _ in range(cfg.inner_steps):
        loss = F.cross_entropy(functional_call(model, params, (x,)), y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=cfg.second_order)
        params = {k: p - cfg.inner_lr * g for (k, p), g in zip(params.items(), grads)}
    return params


cfg = MetaConfig(second_order=False)
net = LetterNet()
meta_opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for episode in range(2):
    meta_opt.zero_grad()
    for task in range(2):
        xs, ys = torch.randn(5, 1, 16, 16), torch.arange(5)
        xq, yq = torch.randn(10, 1, 16, 16), torch.arange(5).repeat(2)
        fast = adapt(net, dict(net.named_parameters()), xs, ys, cfg)
        F.cross_entropy(functional_call(net, fast, (xq,)), yq).backward()
    meta_opt.step()
print("ok")
