import torch
import torch.nn as nn

from layers import GatedDense, plain_dense

ACTS = {
    "tanh": nn.Tanh,
    "prelu": nn.PReLU,
    "softplus": nn.Softplus,
}


class GatherNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        act_cls = ACTS[cfg.activation]
        blocks = [GatedDense(2, cfg.hidden) if cfg.gated else plain_dense(2, cfg.hidden, act_cls())]
        for _ in range(cfg.depth - 1):
            blocks.append(plain_dense(cfg.hidden, cfg.hidden, act_cls()))
        self.blocks = nn.Sequential(*blocks)
        self.out = nn.Linear(cfg.hidden, 1)

    def forward(self, r, t):
        return self.out(self.blocks(torch.cat([r, t], dim=-1)))
