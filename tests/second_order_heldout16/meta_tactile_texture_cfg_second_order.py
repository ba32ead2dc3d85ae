# Few-shot tactile texture recognition (GelSight-like feature vectors) with MAML over torch.func.functional_call.
# Whether the meta-gradient goes through the inner updates is a config switch.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MetaConfig:
    inner_lr: float = 0.1
    inner_steps: int = 1
    second_order: bool = False
    n_way: int = 4


class TextureNet(nn.Module):
    def __init__(self, d_in=40, n_way=4):
        super().__init__()
        self.fc1 = nn.Linear(d_in, 64)
        self.fc2 = nn.Linear(64, 64)
        self.cls = nn.Linear(64, n_way)

    def forward(self, x):
        h = F.elu(self.fc1(x))
        h = F.silu(self.fc2(h))
        return self.cls(h)


def adapt(model, cfg, xs, ys):
    params = dict(model.named_parameters())
    for _ in range(cfg.inner_steps):
        logits = functional_call(model, params, (xs,))
        inner_loss = F.cross_entropy(logits, ys)
        grads = torch.autograd.grad(inner_loss, list(params.values()), create_graph=cfg.second_order)
        params = {n: p - cfg.inner_lr * g for (n, p), g in zip(params.items(), grads)}
    return params


def run(cfg):
    model = TextureNet(n_way=cfg.n_way)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(2):
        xs, ys = torch.randn(8, 40), torch.arange(cfg.n_way).repeat(2)
        xq, yq = torch.randn(12, 40), torch.arange(cfg.n_way).repeat(3)
        fast = adapt(model, cfg, xs, ys)
        outer = F.cross_entropy(functional_call(model, fast, (xq,)), yq)
        meta_opt.zero_grad()
        outer.backward()
        meta_opt.step()


if __name__ == "__main__":
    run(MetaConfig(second_order=True, inner_steps=2))
