"""MAML-RL meta-training: each task is a gondola facade with its own gust profile."""
import argparse
import logging

import torch

from config import MetaConfig
from maml import adapt, outer_loss, returns_to_go
from policy import GondolaPolicy

logger = logging.getLogger("maml_gondola")


class GustTask:
    def __init__(self, gust_dir, gust_amp, obs_dim, act_dim):
        self.dir = gust_dir
        self.amp = gust_amp
        self.obs_dim, self.act_dim = obs_dim, act_dim

    def sample(self, policy, n_eps, horizon):
        obs = torch.randn(n_eps, self.obs_dim) * 0.1
        O, A, R, G = [], [], [], []
        for t in range(horizon):
            act = policy.act(obs)
            gust = self.amp * torch.sin(torch.tensor(0.3 * t)) * self.dir
            sway = obs[:, :2] + 0.1 * (gust - act)
            rew = -sway.pow(2).sum(-1) - 0.01 * act.pow(2).sum(-1)
            O.append(obs); A.append(act); R.append(rew)
            G.append(torch.clamp(gust.expand_as(act), -0.99, 0.99))
            obs = torch.cat([sway, 0.9 * obs[:, 2:] + 0.05 * torch.randn(n_eps, self.obs_dim - 2)], -1)
        return torch.stack(O, 1), torch.stack(A, 1), torch.stack(R, 1), torch.stack(G, 1)


def to_batch(obs, act, rew, guide, gamma):
    ret = returns_to_go(rew, gamma)
    flat = lambda x: x.reshape(-1, *x.shape[2:])
    return {"obs": flat(obs), "act": flat(act), "ret": ret.reshape(-1), "guide_act": flat(guide)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=MetaConfig.meta_iters)
    ap.add_argument("--first-order", action="store_true")
    ns = ap.parse_args()
    cfg = MetaConfig(meta_iters=ns.meta_iters, first_order=ns.first_order)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(cfg.seed)

    policy = GondolaPolicy(cfg.obs_dim, cfg.act_dim, cfg.hidden, cfg.log_std_bounds)
    meta_opt = torch.optim.Adam(policy.parameters(), lr=cfg.outer_lr)
    for it in range(cfg.meta_iters):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(cfg.meta_batch):
            d = torch.nn.functional.normalize(torch.randn(2), dim=0)
            task = GustTask(d, float(torch.rand(1)) + 0.5, cfg.obs_dim, cfg.act_dim)
            support = to_batch(*task.sample(policy, cfg.episodes_per_task, cfg.horizon), cfg.gamma)
            adapted = adapt(policy, support, cfg)
            query = to_batch(*task.sample(policy, cfg.episodes_per_task, cfg.horizon), cfg.gamma)
            loss = outer_loss(policy, adapted, query) / cfg.meta_batch
            loss.backward()
            total += loss.item()
        meta_opt.step()
        logger.info("meta-iter %d outer loss %.4f", it, total)
    assert policy.trunk1.weight.grad is not None


if __name__ == "__main__":
    main()
