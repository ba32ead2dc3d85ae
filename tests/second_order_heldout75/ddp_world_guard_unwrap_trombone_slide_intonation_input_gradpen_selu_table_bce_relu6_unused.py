"""Trombone slide-intonation detector (flat vs in-tune) with double-backprop input-gradient regularisation.

Written for torchrun: the model is wrapped in DistributedDataParallel only when WORLD_SIZE > 1, and every
place that needs the raw module goes through ``unwrap_model``.  Single-process runs skip the wrapper.
"""
import argparse
import copy
import logging
import os
from dataclasses import dataclass

import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel as DDP

logger = logging.getLogger(__name__)

ACTIVATIONS = {
    "selu": nn.SELU,
    "silu": nn.SiLU,
    "relu6": nn.ReLU6,
}


@dataclass
class Config:
    n_feats: int = 24
    hidden: int = 32
    act: str = "selu"
    lr: float = 2e-3
    steps: int = 6
    batch: int = 32
    grad_reg: float = 0.1
    ema_decay: float = 0.95


def world_info():
    world = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    return world, rank


def unwrap_model(model):
    return model.module if hasattr(model, "module") else model


class IntonationMLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        act_cls = ACTIVATIONS[cfg.act]
        self.inp = nn.Linear(cfg.n_feats, cfg.hidden)
        self.norm = nn.LayerNorm(cfg.hidden)
        self.act = act_cls()
        self.mid = nn.Linear(cfg.hidden, cfg.hidden)
        self.out = nn.Linear(cfg.hidden, 1)

    def forward(self, feats):
        h = self.act(self.norm(self.inp(feats)))
        h = h + torch.sigmoid(self.mid(h)) * h
        return self.out(h).squeeze(-1)


def make_batch(cfg, gen):
    """Harmonic-amplitude + cents-deviation features of short slide notes."""
    cents = torch.randn(cfg.batch, generator=gen) * 20
    harm = torch.rand(cfg.batch, cfg.n_feats - 1, generator=gen)
    feats = torch.cat([cents[:, None] / 50, harm], 1)
    label = (cents < -8).float()
    return feats, label


def input_grad_regularised_loss(model, feats, label, weight):
    feats = feats.clone().requires_grad_(True)
    logits = model(feats)
    task = F.binary_cross_entropy_with_logits(logits, label)
    (g,) = torch.autograd.grad(task, feats, create_graph=True)
    reg = g.pow(2).sum(1).mean()
    return task + weight * reg, task.detach(), reg.detach()


@torch.no_grad()
def update_ema(ema, model, decay):
    src = unwrap_model(model).state_dict()
    for k, v in ema.state_dict().items():
        if v.dtype.is_floating_point:
            v.mul_(decay).add_(src[k], alpha=1 - decay)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=Config.steps)
    cfg = Config(steps=parser.parse_args().steps)
    logging.basicConfig(level=logging.INFO)
    world, rank = world_info()
    if world > 1:
        dist.init_process_group("gloo")

    torch.manual_seed(rank)
    model = IntonationMLP(cfg)
    if world > 1:
        model = DDP(model)
    ema = copy.deepcopy(unwrap_model(model)).eval()
    for p in ema.parameters():
        p.requires_grad_(False)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    gen = torch.Generator().manual_seed(7)

    for step in range(cfg.steps):
        feats, label = make_batch(cfg, gen)
        loss, task, reg = input_grad_regularised_loss(model, feats, label, cfg.grad_reg)
        opt.zero_grad()
        loss.backward()
        opt.step()
        update_ema(ema, model, cfg.ema_decay)
        if rank == 0:
            logger.info("step %d bce %.4f reg %.4f", step, task.item(), reg.item())

    assert unwrap_model(model).inp.weight.grad.abs().sum() > 0
    with torch.no_grad():
        feats, label = make_batch(cfg, gen)
        acc = ((ema(feats) > 0).float() == label).float().mean()
    logger.info("ema accuracy %.3f", acc.item())
    if world > 1:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
