"""Mixture-of-experts regressor: predict a bowling ball's hook (breakpoint board) from lane oil-pattern readings.

Each oil-pattern family (house / sport / short / long) tends to land on a different expert.  Top-2 routing over
experts computed densely; the router's input sensitivity is logged as a diagnostic, and an optional
router-smoothness penalty (dgate/dx with create_graph) can be enabled from the config.
"""
import argparse
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

LOG = logging.getLogger("lane_moe")

CFG = SimpleNamespace(
    n_boards=39, hidden=32, n_experts=4, top_k=2,
    balance_weight=0.01, router_smooth_weight=0.0, steps=6, batch=24,
)


class Expert(nn.Module):
    def __init__(self, d_in, hidden):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.act = nn.ReLU6()
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class LaneMoE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.top_k = cfg.top_k
        self.router = nn.Linear(cfg.n_boards, cfg.n_experts)
        self.experts = nn.ModuleList(Expert(cfg.n_boards, cfg.hidden) for _ in range(cfg.n_experts))

    def forward(self, x):
        probs = torch.softmax(self.router(x), dim=-1)
        top_p, top_i = probs.topk(self.top_k, dim=-1)
        top_p = top_p / top_p.sum(-1, keepdim=True)
        outs = torch.cat([e(x) for e in self.experts], dim=-1)       # (B, E): every expert runs
        picked = torch.gather(outs, 1, top_i)                        # (B, k)
        return (top_p * picked).sum(-1), probs


def load_balance_loss(probs, top_i, n_experts):
    frac = F.one_hot(top_i[:, 0], n_experts).float().mean(0)
    return n_experts * (frac * probs.mean(0)).sum()


def router_saliency(model, x, create_graph=False):
    x = x.detach().requires_grad_(True)
    _, probs = model(x)
    (g,) = torch.autograd.grad(probs.max(-1).values.sum(), x, create_graph=create_graph)
    return g


def oil_readings(n, n_boards):
    fam = torch.randint(0, 4, (n,))
    boards = torch.linspace(-1, 1, n_boards)
    width = torch.tensor([0.6, 0.3, 0.8, 0.45])[fam]
    x = torch.exp(-boards[None] ** 2 / width[:, None]) + 0.05 * torch.randn(n, n_boards)
    hook = 8 + 10 * width + 0.5 * torch.randn(n)
    return x, hook


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG.steps)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = LaneMoE(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(args.steps):
        x, hook = oil_readings(CFG.batch, CFG.n_boards)
        pred, probs = model(x)
        loss = F.mse_loss(pred, hook)
        loss = loss + CFG.balance_weight * load_balance_loss(probs, probs.topk(1, -1).indices, CFG.n_experts)
        if CFG.router_smooth_weight > 0:
            g = router_saliency(model, x, create_graph=True)
            loss = loss + CFG.router_smooth_weight * g.square().sum(-1).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sal = router_saliency(model, x)
        LOG.info("step %d loss %.3f router saliency %.4f", step, loss.item(), sal.abs().mean().item())


if __name__ == "__main__":
    main()
