"""Per-parameter weight decay tuned by implicit differentiation (Lorraine et al. 2020) for a
kombucha fermentation pH regressor. The inverse training Hessian is approximated with a
Neumann series of Hessian-vector products (torch.autograd.functional.hvp)."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp
from torch.func import functional_call


@dataclass
class HyperCfg:
    inner_steps: int = 5
    neumann_terms: int = 3
    neumann_alpha: float = 0.05
    hyper_lr: float = 0.05
    outer_steps: int = 2


class PhRegressor(nn.Module):
    def __init__(self, n_feat=6, hidden=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_feat, hidden), nn.SELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.body(x).squeeze(-1)


criterion = nn.SmoothL1Loss(beta=0.5)


def train_loss(model, names, flat, log_decay, x, y):
    params = dict(zip(names, flat))
    pred = functional_call(model, params, (x,))
    decay = sum((torch.exp(ld) * p.pow(2)).sum() for ld, p in zip(log_decay, flat))
    return criterion(pred, y) + 1e-3 * decay


def hypergradient(model, log_decay, data, cfg):
    (x_tr, y_tr), (x_va, y_va) = data
    names = [n for n, _ in model.named_parameters()]
    w = tuple(p.detach().requires_grad_(True) for p in model.parameters())
    val = F.mse_loss(functional_call(model, dict(zip(names, w)), (x_va,)), y_va)
    v = torch.autograd.grad(val, w)
    p = v
    f = lambda *ws: train_loss(model, names, ws, log_decay, x_tr, y_tr)
    for _ in range(cfg.neumann_terms):
        _, hv = hvp(f, w, v)
        v = tuple(vi - cfg.neumann_alpha * hi for vi, hi in zip(v, hv))
        p = tuple(pi + vi for pi, vi in zip(p, v))
    g_w = torch.autograd.grad(f(*w), w, create_graph=True)
    mixed = torch.autograd.grad(g_w, log_decay, grad_outputs=p)
    return [-cfg.neumann_alpha * m for m in mixed]


def main(cfg=HyperCfg()):
    torch.manual_seed(0)
    x = torch.randn(64, 6)
    y = 3.2 + 0.4 * x[:, 0] - 0.2 * x[:, 3] + 0.05 * torch.randn(64)
    data = ((x[:48], y[:48]), (x[48:], y[48:]))
    model = PhRegressor()
    log_decay = [torch.zeros_like(p, requires_grad=True) for p in model.parameters()]
    hopt = torch.optim.Adam(log_decay, lr=cfg.hyper_lr)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    names = [n for n, _ in model.named_parameters()]
    for outer in range(cfg.outer_steps):
        for _ in range(cfg.inner_steps):
            loss = train_loss(model, names, tuple(model.parameters()), [d.detach() for d in log_decay], *data[0])
            opt.zero_grad()
            loss.backward()
            opt.step()
        hopt.zero_grad()
        for d, g in zip(log_decay, hypergradient(model, log_decay, data, cfg)):
            d.grad = g
        hopt.step()
        print(outer, loss.item())


if __name__ == "__main__":
    main()
