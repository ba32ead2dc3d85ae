"""Per-sample input-gradient (Lipschitz) penalty for a tide-gauge surge forecaster, torch.func style."""
from dataclasses import dataclass
from functools import partial

import torch
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

NONLIN = {
    "tanh": torch.tanh,
    "hswish": partial(F.hardswish, inplace=False),
    "silu": F.silu,
}


@dataclass
class SurgeCfg:
    hidden: int = 48
    nonlin: str = "hswish"
    lip_weight: float = 0.1


class Forecaster(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.l1 = torch.nn.Linear(12, cfg.hidden)
        self.l2 = torch.nn.Linear(cfg.hidden, 1)
        self.phi = NONLIN[cfg.nonlin]

    def forward(self, x):
        return self.l2(self.phi(self.l1(x)))


cfg = SurgeCfg()
model = Forecaster(cfg)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)


def scalar_out(params, x):
    return functional_call(model, params, (x.unsqueeze(0),)).squeeze()


for step in range(3):
    x, y = torch.randn(32, 12), torch.randn(32, 1)
    params = dict(model.named_parameters())
    per_sample_dx = vmap(grad(scalar_out, argnums=1), in_dims=(None, 0))(params, x)
    lip = per_sample_dx.pow(2).sum(1).mean()
    loss = F.mse_loss(model(x), y) + cfg.lip_weight * lip
    opt.zero_grad()
    loss.backward()
    opt.step()
