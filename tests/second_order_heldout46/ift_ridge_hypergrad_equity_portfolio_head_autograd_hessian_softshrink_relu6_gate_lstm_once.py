"""Implicit-function-theorem hypergradients for per-factor ridge strengths of a long-only equity portfolio head.

An LSTM encodes each stock's trailing returns; a linear alpha head w scores stocks, the scores are soft-thresholded
(small signals are dropped) and turned into long-only weights with a ReLU6 gross-exposure gate. The inner
problem fits w under a per-factor ridge exp(log_lam); the outer objective is the validation-period Sharpe ratio.
Hypergradient (Lorraine et al. 2020): d L_val / d log_lam = - d2 L_tr / d log_lam d w  [H_w + eps I]^-1 d L_val / d w,
with the head Hessian H_w from torch.autograd.functional.hessian and the mixed term by double backward.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    n_stocks: int = 20
    n_days: int = 80
    lookback: int = 10
    hidden: int = 8
    risk_aversion: float = 5.0
    shrink: float = 0.02
    inner_steps: int = 8
    inner_lr: float = 0.5
    hyper_lr: float = 50.0
    outer_steps: int = 3
    damping: float = 1e-2


def simulate_returns(cfg, seed=0):
    g = torch.Generator().manual_seed(seed)
    beta = 0.8 + 0.4 * torch.rand(cfg.n_stocks, generator=g)
    market = 0.01 * torch.randn(cfg.n_days, 1, generator=g)
    idio = 0.02 * torch.randn(cfg.n_days, cfg.n_stocks, generator=g)
    drift = 0.001 * torch.randn(cfg.n_stocks, generator=g)
    return market * beta + idio + drift


def windows(rets, lookback):
    # (days - lookback, stocks, lookback) trailing windows and next-day returns
    x = rets.unfold(0, lookback, 1)[:-1]
    return x, rets[lookback:]


class ReturnEncoder(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.lstm = nn.LSTM(1, hidden, batch_first=True)

    def forward(self, x):
        d, s, l = x.shape
        with torch.no_grad():
            x = F.normalize(x, dim=-1) * l ** 0.5
        h = self.lstm(x.reshape(d * s, l, 1))[0][:, -1]
        return h.view(d, s, -1)


def portfolio_weights(w, feats, shrink):
    alpha = F.softshrink(feats @ w, shrink)
    gross = F.relu6(24.0 * alpha.abs().mean(-1, keepdim=True)) / 6.0
    return gross * torch.softmax(alpha, dim=-1)


def train_loss(w, feats, next_ret, log_lam, cfg):
    port = (portfolio_weights(w, feats, cfg.shrink) * next_ret).sum(-1)
    return -port.mean() + cfg.risk_aversion * port.var() + 0.5 * (log_lam.exp() * w * w).sum()


def val_loss(w, feats, next_ret, bench_ret, cfg):
    port = (portfolio_weights(w, feats, cfg.shrink) * next_ret).sum(-1)
    tracking = F.smooth_l1_loss(port, bench_ret, beta=0.01)
    return -port.mean() / (port.std() + 1e-6) + tracking


def fit_inner(w, enc, enc_opt, x_tr, r_tr, log_lam, cfg):
    for _ in range(cfg.inner_steps):
        feats = enc(x_tr)
        loss = train_loss(w, feats, r_tr, log_lam.detach(), cfg)
        gw = torch.autograd.grad(loss, w, retain_graph=True)[0]
        enc_opt.zero_grad()
        loss.backward()
        enc_opt.step()
        with torch.no_grad():
            w -= cfg.inner_lr * gw
    return loss.item()


def hypergradient(w, enc, x_tr, r_tr, x_va, r_va, b_va, log_lam, cfg):
    feats_tr = enc(x_tr)
    H = torch.autograd.functional.hessian(lambda w_: train_loss(w_, feats_tr, r_tr, log_lam, cfg), w)
    v = torch.autograd.grad(val_loss(w, enc(x_va), r_va, b_va, cfg), w)[0]
    p = torch.linalg.solve(H + cfg.damping * torch.eye(w.numel()), v)
    g_w = torch.autograd.grad(train_loss(w, feats_tr, r_tr, log_lam, cfg), w, create_graph=True)[0]
    mixed = torch.autograd.grad(g_w, log_lam, grad_outputs=p)[0]
    return -mixed


def main():
    cfg = Config()
    torch.manual_seed(0)
    rets = simulate_returns(cfg)
    x, r = windows(rets, cfg.lookback)
    split = int(0.7 * len(x))
    x_tr, r_tr, x_va, r_va = x[:split], r[:split], x[split:], r[split:]
    b_va = r_va.mean(-1)
    enc = ReturnEncoder(cfg.hidden)
    enc_opt = torch.optim.Adam(enc.parameters(), lr=1e-2)
    w = (0.1 * torch.randn(cfg.hidden)).requires_grad_()
    log_lam = torch.full((cfg.hidden,), -2.0, requires_grad=True)
    for outer in range(cfg.outer_steps):
        tr = fit_inner(w, enc, enc_opt, x_tr, r_tr, log_lam, cfg)
        hg = hypergradient(w, enc, x_tr, r_tr, x_va, r_va, b_va, log_lam, cfg)
        with torch.no_grad():
            log_lam -= cfg.hyper_lr * hg
        with torch.no_grad():
            vl = val_loss(w, enc(x_va), r_va, b_va, cfg).item()
        print(f"outer {outer} train {tr:.4f} val(-sharpe+te) {vl:.4f} |hg| {hg.norm().item():.2e} lam {log_lam.exp().mean().item():.4f}")


if __name__ == "__main__":
    main()
