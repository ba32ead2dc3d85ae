# Meta-SGD (Li et al. 2017): per-parameter learned inner learning rates, few-shot soiling-loss regression
# for rooftop PV sites (each site is a task; features: days since rain, dust index, tilt, humidity...).
import copy

import torch
import torch.nn as nn
from torch.func import functional_call

BASE_CFG = {
    "model": {"n_in": 5, "hidden": 32},
    "loss": {"name": "smooth_l1", "beta": 0.1},
    "meta": {"inner_steps": 1, "init_lr": 0.05, "second_order": False, "meta_lr": 1e-3, "iters": 3},
}


def make_config(overrides):
    cfg = copy.deepcopy(BASE_CFG)
    for section, values in overrides.items():
        cfg[section].update(values)
    return cfg


def build_loss(loss_cfg):
    if loss_cfg["name"] == "smooth_l1":
        return nn.SmoothL1Loss(beta=loss_cfg["beta"])
    return nn.MSELoss()


class SoilingRegressor(nn.Module):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.parts = nn.ModuleDict({
            "embed": nn.Linear(n_in, hidden),
            "act": nn.ReLU6(),
            "mix": nn.Linear(hidden, hidden),
            "squash": nn.Softsign(),
            "out": nn.Linear(hidden, 1),
        })

    def forward(self, x):
        p = self.parts
        h = p["act"](p["embed"](x))
        h = p["squash"](p["mix"](h))
        return p["out"](h).squeeze(-1)


def site_task(n):
    w = torch.randn(5) * 0.5
    x = torch.rand(n, 5)
    return x, 0.2 * torch.tanh(x @ w) + 0.02 * torch.randn(n)


def main(cfg):
    torch.manual_seed(12)
    model = SoilingRegressor(**cfg["model"])
    criterion = build_loss(cfg["loss"])
    mcfg = cfg["meta"]
    log_lrs = {n: torch.full_like(p, mcfg["init_lr"]).log().requires_grad_() for n, p in model.named_parameters()}
    meta_opt = torch.optim.Adam(list(model.parameters()) + list(log_lrs.values()), lr=mcfg["meta_lr"])
    for it in range(mcfg["iters"]):
        x_s, y_s = site_task(8)
        x_q, y_q = site_task(16)
        fast = dict(model.named_parameters())
        for _ in range(mcfg["inner_steps"]):
            inner = criterion(functional_call(model, fast, (x_s,)), y_s)
            grads = torch.autograd.grad(inner, list(fast.values()), create_graph=mcfg["second_order"])
            fast = {n: w - log_lrs[n].exp() * g for (n, w), g in zip(fast.items(), grads)}
        outer = criterion(functional_call(model, fast, (x_q,)), y_q)
        meta_opt.zero_grad()
        outer.backward()
        meta_opt.step()
        print(f"iter {it}: query loss {outer.item():.5f}")


if __name__ == "__main__":
    main(make_config({"meta": {"second_order": True, "inner_steps": 2}}))
