"""Online tuning of per-group weight decay (T1-T2, Luketina et al. 2016) for a daily-sales forecaster of
a gelato shop (14 days of sales, max temperature and weekend flag -> next-day sales).

One look-ahead SGD step theta' = theta - lr * (g + wd * theta) is taken functionally and the validation
loss at theta' is differentiated w.r.t. log(wd). The data gradient g does not depend on wd, so it is
computed without a graph and enters as a constant; d theta'/d wd = -lr * theta.
A closed-form Hessian of the (quadratic) head objective is monitored under no_grad.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class SalesForecaster(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.rnn = nn.LSTM(3, hidden, batch_first=True)
        self.act = nn.PReLU()
        self.head = nn.Linear(hidden, 1)

    def features(self, x):
        out, _ = self.rnn(x)
        return self.act(out[:, -1])

    def forward(self, x):
        return self.head(self.features(x)).squeeze(-1)


def sales_loss(pred, y):
    return F.smooth_l1_loss(pred, y, beta=0.2)


def group_of(name):
    return "head" if name.startswith("head") else "body"


@torch.no_grad()
def head_hessian_condition(model, x, wd_head):
    """Hessian of 0.5*mean((phi w + b - y)^2) + 0.5*wd*||w||^2 w.r.t. (w, b), in closed form."""
    phi = model.features(x)
    phi1 = torch.cat([phi, torch.ones(phi.shape[0], 1)], dim=1)
    H = phi1.T @ phi1 / phi.shape[0]
    H[:-1, :-1] += wd_head * torch.eye(phi.shape[1])
    ev = torch.linalg.eigvalsh(H)
    return (ev[-1] / ev[0].clamp_min(1e-12)).item()


def shop_days(n, window=14):
    day = torch.rand(n, 1) * 365 + torch.arange(window + 1)
    temp = 22 + 10 * torch.sin(2 * math.pi * (day - 100) / 365) + 2 * torch.randn_like(day)
    weekend = ((day.floor() % 7) >= 5).float()
    sales = 0.04 * temp.clamp_min(10) + 0.5 * weekend + 0.1 * torch.randn_like(day)
    x = torch.stack([sales[:, :-1], (temp[:, :-1] - 22) / 10, weekend[:, :-1]], dim=-1)
    return x, sales[:, -1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--hyper-lr", type=float, default=0.05)
    args = ap.parse_args()
    torch.manual_seed(0)
    model = SalesForecaster()
    log_wd = {"body": torch.tensor(-6.0, requires_grad=True), "head": torch.tensor(-4.0, requires_grad=True)}
    hyper_opt = torch.optim.Adam(list(log_wd.values()), lr=args.hyper_lr)
    for step in range(args.steps):
        x_tr, y_tr = shop_days(32)
        x_va, y_va = shop_days(32)
        params = dict(model.named_parameters())
        train_loss = sales_loss(model(x_tr), y_tr)
        grads = torch.autograd.grad(train_loss, list(params.values()))
        new = {}
        for (k, p), g in zip(params.items(), grads):
            wd = torch.exp(log_wd[group_of(k)])
            new[k] = p.detach() - args.lr * (g + wd * p.detach())
        val_loss = sales_loss(functional_call(model, new, (x_va,)), y_va)
        hyper_opt.zero_grad()
        val_loss.backward()
        hyper_opt.step()
        with torch.no_grad():
            for k, p in params.items():
                p.copy_(new[k])
        cond = head_hessian_condition(model, x_va, math.exp(log_wd["head"].item()))
        print(f"step {step} train {train_loss.item():.3f} val {val_loss.item():.3f} "
              f"wd body {log_wd['body'].exp().item():.2e} head {log_wd['head'].exp().item():.2e} cond(H_head) {cond:.1f}")


if __name__ == "__main__":
    main()
