# Meta-learning power-curve regressors per wind turbine; the config switches off the Hessian
# term (first-order MAML): create_graph = not cfg.hessian_free.
from dataclasses import dataclass
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class TurbineMetaCfg:
    inner_lr: float = 0.01
    hessian_free: bool = False
    meta_batch: int = 2


net = nn.Sequential(nn.Linear(3, 32), nn.ELU(), nn.Linear(32, 32), nn.ReLU6(), nn.Linear(32, 1))


def inner_update(model, params, x, y, cfg):
    loss = F.smooth_l1_loss(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=not cfg.hessian_free)
    return {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}


cfg = TurbineMetaCfg(hessian_free=True)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for it in range(3):
    opt.zero_grad()
    for _ in range(cfg.meta_batch):
        xs, ys, xq, yq = torch.randn(8, 3), torch.randn(8, 1), torch.randn(8, 3), torch.randn(8, 1)
        fast = inner_update(net, dict(net.named_parameters()), xs, ys, cfg)
        F.smooth_l1_loss(functional_call(net, fast, (xq,)), yq).backward()
    opt.step()
    print(it)
