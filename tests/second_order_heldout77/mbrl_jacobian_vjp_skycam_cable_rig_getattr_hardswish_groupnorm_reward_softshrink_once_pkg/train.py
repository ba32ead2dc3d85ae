"""Fit the dynamics ensemble with the Jacobian penalty, then plan with CEM under no_grad."""
import logging

import torch
import torch.nn.functional as F

from config import get_config
from models import Ensemble, RewardHead
from regularizers import jacobian_frobenius, jacobian_monitor

log = logging.getLogger("skycam_mbrl")


def skycam_transitions(n, cfg, gen):
    s = torch.randn(n, cfg.obs_dim, generator=gen)
    a = torch.rand(n, cfg.act_dim, generator=gen) * 2 - 1
    tension = a @ torch.linspace(0.5, 1.5, cfg.act_dim * cfg.obs_dim).view(cfg.act_dim, cfg.obs_dim)
    s_next = s + 0.05 * torch.tanh(tension) - 0.01 * s
    target = torch.zeros(cfg.obs_dim)
    r = -(s_next - target).pow(2).sum(-1)
    return s, a, s_next, r


@torch.no_grad()
def cem_plan(ens, reward, s0, cfg):
    mean = torch.zeros(cfg.plan_horizon, cfg.act_dim)
    std = torch.ones(cfg.plan_horizon, cfg.act_dim)
    for _ in range(cfg.cem_iters):
        acts = (mean + std * torch.randn(cfg.cem_pop, cfg.plan_horizon, cfg.act_dim)).clamp(-1, 1)
        s = s0.expand(cfg.cem_pop, -1)
        ret = torch.zeros(cfg.cem_pop)
        for t in range(cfg.plan_horizon):
            s = ens(s, acts[:, t])
            ret += reward(s)
        elite = acts[ret.topk(cfg.cem_pop // 8).indices]
        mean, std = elite.mean(0), elite.std(0) + 1e-3
    return mean[0]


def main():
    cfg = get_config()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    s, a, s_next, r = skycam_transitions(1024, cfg, gen)
    ens, reward = Ensemble(cfg), RewardHead(cfg.obs_dim, cfg.hidden)
    opt = torch.optim.Adam(list(ens.parameters()) + list(reward.parameters()), lr=1e-3)

    for epoch in range(cfg.epochs):
        perm = torch.randperm(1024)
        for start in range(0, 256, cfg.batch):
            idx = perm[start:start + cfg.batch]
            loss = 0.0
            for k in range(cfg.ensemble):
                member = ens.members[k]
                pred = member(s[idx], a[idx])
                loss = loss + F.mse_loss(pred, s_next[idx])
                loss = loss + cfg.jac_weight * jacobian_frobenius(member, s[idx], a[idx], cfg.jac_probes)
            loss = loss + F.mse_loss(reward(s_next[idx]), r[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.info("epoch %d loss %.4f sens %.3f", epoch, loss.item(), jacobian_monitor(ens, s[:32], a[:32]))

    first = ens.members[0]
    assert first.gn.weight.grad is not None and first.gn.weight.grad.abs().sum() > 0
    action = cem_plan(ens, reward, s[:1], cfg)
    log.info("planned first action %s", [round(x, 3) for x in action.tolist()])


if __name__ == "__main__":
    main()
