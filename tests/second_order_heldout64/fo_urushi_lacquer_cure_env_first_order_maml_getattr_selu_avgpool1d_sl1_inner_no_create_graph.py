"""Few-shot prediction of urushi lacquer curing (touch-dry time) per sap batch.

Every batch of raw urushi sap cures differently in the humidity box (laccase activity varies), so a
regressor from the box's humidity / temperature log to the touch-dry time is meta-learned over
sap batches and adapted with a handful of test panels.  The workshop's scheduler configures runs
through environment variables; by default the cheap first-order MAML variant runs.

    URUSHI_FIRST_ORDER=0 python fo_urushi_....py      # full second-order MAML
"""
import logging
import os

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

log = logging.getLogger("urushi")


def env_flag(name, default):
    return os.environ.get(name, default).strip().lower() in ("1", "true", "yes", "on")


CONFIG = {
    "data": {
        "log_dir": os.environ.get("URUSHI_LOG_DIR", "/tmp/urushi_box_logs"),
        "profile_len": int(os.environ.get("URUSHI_PROFILE_LEN", "48")),   # 30-min readings
        "shots": int(os.environ.get("URUSHI_SHOTS", "5")),
        "queries": int(os.environ.get("URUSHI_QUERIES", "10")),
    },
    "model": {
        "act": os.environ.get("URUSHI_ACT", "SELU"),
        "channels": int(os.environ.get("URUSHI_CHANNELS", "16")),
    },
    "meta": {
        "first_order": env_flag("URUSHI_FIRST_ORDER", "1"),
        "inner_lr": float(os.environ.get("URUSHI_INNER_LR", "0.05")),
        "inner_steps": int(os.environ.get("URUSHI_INNER_STEPS", "2")),
        "tasks_per_step": int(os.environ.get("URUSHI_TASKS", "4")),
        "outer_lr": float(os.environ.get("URUSHI_OUTER_LR", "1e-3")),
        "iterations": int(os.environ.get("URUSHI_ITERS", "4")),
    },
}


class CureRegressor(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        ch = cfg["model"]["channels"]
        self.conv1 = nn.Conv1d(2, ch, 5, padding=2)
        self.act = getattr(nn, cfg["model"]["act"])()
        self.pool = nn.AvgPool1d(4)
        self.conv2 = nn.Conv1d(ch, ch, 3, padding=1)
        self.head = nn.Linear(ch + 1, 1)   # + film thickness

    def forward(self, profile, thickness):
        h = self.pool(self.act(self.conv1(profile)))
        h = self.act(self.conv2(h)).mean(-1)
        return self.head(torch.cat([h, thickness], dim=1)).squeeze(-1)


def sample_batch_task(cfg, gen):
    d = cfg["data"]
    activity = 0.5 + torch.rand(1, generator=gen)              # laccase activity of this sap batch

    def panels(n):
        rh = 0.65 + 0.2 * torch.rand(n, 1, 1, generator=gen) + 0.02 * torch.randn(n, 1, d["profile_len"], generator=gen)
        temp = 0.24 + 0.04 * torch.rand(n, 1, 1, generator=gen).expand(n, 1, d["profile_len"])
        thick = 0.5 + torch.rand(n, 1, generator=gen)
        hours = 6.0 * thick.squeeze(1) / (activity * rh.mean(dim=(1, 2)) * 4.0 * temp.mean(dim=(1, 2)))
        return torch.cat([rh, temp], 1), thick, hours
    return panels(d["shots"]), panels(d["queries"])


def inner_adapt(model, params, support, meta):
    profile, thick, hours = support
    fast = dict(params)
    for _ in range(meta["inner_steps"]):
        pred = functional_call(model, fast, (profile, thick))
        loss = F.smooth_l1_loss(pred, hours)
        grads = torch.autograd.grad(loss, tuple(fast.values()), create_graph=not meta["first_order"])
        fast = {k: w - meta["inner_lr"] * g for (k, w), g in zip(fast.items(), grads)}
    return fast


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    meta = CONFIG["meta"]
    model = CureRegressor(CONFIG)
    log.info("act=%s first_order=%s", model.act, meta["first_order"])
    opt = torch.optim.Adam(model.parameters(), lr=meta["outer_lr"])
    for it in range(meta["iterations"]):
        opt.zero_grad()
        params = dict(model.named_parameters())
        outer_total = 0.0
        for _ in range(meta["tasks_per_step"]):
            support, (q_prof, q_thick, q_hours) = sample_batch_task(CONFIG, gen)
            fast = inner_adapt(model, params, support, meta)
            outer = F.mse_loss(functional_call(model, fast, (q_prof, q_thick)), q_hours)
            (outer / meta["tasks_per_step"]).backward()
            outer_total += outer.item() / meta["tasks_per_step"]
        opt.step()
        log.info("iter %d query mse %.3f", it, outer_total)


if __name__ == "__main__":
    main()
