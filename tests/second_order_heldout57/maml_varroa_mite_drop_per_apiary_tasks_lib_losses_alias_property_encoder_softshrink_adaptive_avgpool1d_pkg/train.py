"""Second-order MAML over apiaries: each apiary is a task (few days to adapt, later days to evaluate).

Run from this folder:  python train.py --iters 3
"""
import argparse

import torch
from torch.func import functional_call

import lib.losses as L
from lib import MiteDropNet

CFG = {
    "model": {"in_ch": 4, "width": 16, "depth": 2, "pooled": 4, "shrink": 0.05, "head_act": "identity"},
    "meta": {"inner_lr": 0.05, "inner_steps": 2, "first_order": False, "meta_lr": 1e-3, "tasks": 4},
    "data": {"support_days": 6, "query_days": 10, "hours": 24},
}


def sample_apiary(cfg, g):
    """One apiary: 4 sensors (weight, brood temp, humidity, CO2) x 24 h, and log1p mite drop."""
    n = cfg["support_days"] + cfg["query_days"]
    infestation = torch.rand(1, generator=g) * 3
    x = torch.randn(n, 4, cfg["hours"], generator=g)
    trend = x[:, 1].mean(dim=1) * 0.3 + infestation
    y = torch.log1p(torch.relu(trend + 0.1 * torch.randn(n, generator=g)) * 10)
    s = cfg["support_days"]
    return (x[:s], y[:s]), (x[s:], y[s:])


def adapt(model, params, xs, ys, meta_cfg, first_order=None):
    first_order = meta_cfg["first_order"] if first_order is None else first_order
    for _ in range(meta_cfg["inner_steps"]):
        pred = functional_call(model, params, (xs,))
        loss = L.support_loss(pred, ys)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not first_order)
        params = {name: p - meta_cfg["inner_lr"] * g for (name, p), g in zip(params.items(), grads)}
    return params


def evaluate(model, cfg, g, n_tasks=3):
    """Held-out apiaries: adapt first-order (no meta-gradient needed), report MAE in mites/day."""
    maes = []
    for _ in range(n_tasks):
        (xs, ys), (xq, yq) = sample_apiary(cfg["data"], g)
        params = adapt(model, dict(model.named_parameters()), xs, ys, cfg["meta"], first_order=True)
        with torch.no_grad():
            maes.append(L.count_mae(functional_call(model, params, (xq,)), yq).item())
    return sum(maes) / len(maes)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    args = ap.parse_args()
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(1)

    model = MiteDropNet.from_config(CFG)
    meta_opt = torch.optim.Adam(model.parameters(), lr=CFG["meta"]["meta_lr"])

    for it in range(args.iters):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(CFG["meta"]["tasks"]):
            (xs, ys), (xq, yq) = sample_apiary(CFG["data"], g)
            fast = adapt(model, dict(model.named_parameters()), xs, ys, CFG["meta"])
            q = L.query_loss(functional_call(model, fast, (xq,)), yq)
            (q / CFG["meta"]["tasks"]).backward()
            total += q.item()
        meta_opt.step()
        print(f"iter {it}: meta loss {total / CFG['meta']['tasks']:.4f}")

    print(f"held-out MAE {evaluate(model, CFG, g):.2f} mites/day")


if __name__ == "__main__":
    main()
