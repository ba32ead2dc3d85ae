# Per-sample input-Lipschitz penalty (vmap over torch.func.grad) for a gas-turbine NOx emission regressor.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

NONLINEARITIES = {
    "relu6": lambda h: F.relu6(h),
    "hswish": lambda h: F.hardswish(h),
    "tanh": torch.tanh,
}


@dataclass
class TurbineCfg:
    nonlinearity: str = "tanh"
    hidden: int = 32
    lip_weight: float = 0.1


class NOxRegressor(nn.Module):
    def __init__(self, cfg, n_sensors=9):
        super().__init__()
        self.inp = nn.Linear(n_sensors, cfg.hidden)
        self.mid = nn.Linear(cfg.hidden, cfg.hidden)
        self.out = nn.Linear(cfg.hidden, 1)
        self.phi = NONLINEARITIES[cfg.nonlinearity]

    def forward(self, x):
        h = self.phi(self.inp(x))
        h = self.phi(self.mid(h))
        return self.out(h).squeeze(-1)


cfg = TurbineCfg(nonlinearity="relu6")
model = NOxRegressor(cfg)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def single_output(params, x):
    return functional_call(model, params, (x.unsqueeze(0),)).squeeze(0)


for step in range(2):
    x, y = torch.randn(16, 9), torch.randn(16)
    params = dict(model.named_parameters())
    per_sample_dx = vmap(grad(single_output, argnums=1), in_dims=(None, 0))(params, x)
    lip_pen = per_sample_dx.pow(2).sum(-1).mean()
    loss = F.mse_loss(model(x), y) + cfg.lip_weight * lip_pen
    opt.zero_grad()
    loss.backward()
    opt.step()
