"""Meta-train the learned optimiser on a family of ward occupancy forecasting tasks."""
import math

import torch
from torch.func import functional_call

from config import CFG
from learned_opt import PerCoordinateMLPOpt
from optimizee import TASK_LOSSES, OccupancyForecaster


class WardTask:
    def __init__(self, window):
        self.window = window
        self.amp, self.phase = 0.2 + 0.3 * torch.rand(1), 2 * math.pi * torch.rand(1)
        self.base = 0.5 + 0.2 * torch.rand(1)

    def batch(self, n):
        start = torch.rand(n, 1) * 24
        hours = start + torch.arange(self.window + 1)
        occ = self.base + self.amp * torch.sin(2 * math.pi * hours / 24 + self.phase)
        occ = occ + 0.03 * torch.randn_like(occ)
        return occ[:, :-1], occ[:, -1]


def unroll(model, lopt, task, cfg):
    params = {k: v.detach().clone().requires_grad_(True) for k, v in model.named_parameters()}
    state = lopt.init_state(params)
    loss_fn = TASK_LOSSES[cfg["task_loss"]]
    u = cfg["unroll"]
    meta_loss = 0.0
    for t in range(u["steps"]):
        xb, yb = task.batch(u["inner_batch"])
        loss = loss_fn(functional_call(model, params, (xb,)), yb)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=u["second_order"])
        params, state = lopt(params, dict(zip(params, grads)), state)
        xv, yv = task.batch(u["inner_batch"])
        meta_loss = meta_loss + loss_fn(functional_call(model, params, (xv,)), yv)
    return meta_loss / u["steps"], params


def main():
    torch.manual_seed(CFG["seed"])
    oc = CFG["optimizee"]
    model = OccupancyForecaster(oc["window"], oc["channels"], oc["pool"], oc["act"])
    lopt = PerCoordinateMLPOpt(**CFG["opt"])
    meta_opt = torch.optim.Adam(lopt.parameters(), lr=CFG["meta_lr"])
    for it in range(CFG["meta_iters"]):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(CFG["tasks_per_iter"]):
            ml, _ = unroll(model, lopt, WardTask(oc["window"]), CFG)
            (ml / CFG["tasks_per_iter"]).backward()
            total += ml.item()
        meta_opt.step()
        print(f"meta-iter {it} meta-loss {total / CFG['tasks_per_iter']:.4f}")
    # held-out wards: run the learned optimiser, report the final loss only
    for k in range(CFG["val_tasks"]):
        task = WardTask(oc["window"])
        _, params = unroll(model, lopt, task, CFG)
        with torch.no_grad():
            xv, yv = task.batch(64)
            err = (functional_call(model, params, (xv,)) - yv).abs().mean()
        print(f"held-out ward {k} MAE {err.item():.4f}")


if __name__ == "__main__":
    main()
