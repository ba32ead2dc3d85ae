"""GAIL with a WGAN-GP style penalty on interpolated (state, action) pairs.

Toy canal-lock gate operation: expert demonstrations come from a scripted lock
keeper; the generator is a PPO Gaussian policy; the discriminator is trained with
a BCE objective plus a gradient penalty evaluated at random interpolates between
expert and policy state-action pairs.
"""
import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal


@dataclass
class Config:
    obs_dim: int = 8
    act_dim: int = 2
    hidden: int = 64
    n_expert: int = 256
    rollout: int = 256
    iters: int = 4
    disc_steps: int = 3
    ppo_epochs: int = 3
    clip: float = 0.2
    gp_lambda: float = 10.0
    lr: float = 3e-4
    seed: int = 0


def lock_keeper_demos(cfg, n):
    """Scripted expert: open upstream gate proportionally to the level difference."""
    g = torch.Generator().manual_seed(cfg.seed + 1)
    obs = torch.randn(n, cfg.obs_dim, generator=g)
    level_diff = obs[:, 0:1] - obs[:, 1:2]
    act = torch.cat([torch.tanh(level_diff), torch.tanh(-0.5 * level_diff + 0.1 * obs[:, 2:3])], dim=-1)
    return obs, act


class GateDiscriminator(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Linear(obs_dim + act_dim, hidden),
            nn.LayerNorm(hidden),
            nn.PReLU(hidden),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
            nn.Linear(hidden, 1),
        )

    def forward(self, obs, act):
        obs = F.normalize(obs, dim=-1)
        return self.trunk(torch.cat([obs, act], dim=-1)).squeeze(-1)

    @torch.no_grad()
    def reward(self, obs, act):
        # -log(1 - D): large when the discriminator believes the pair is expert
        return -F.logsigmoid(-self.forward(obs, act))


class GatePolicy(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.mu = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Mish(), nn.Linear(hidden, act_dim))
        self.log_std = nn.Parameter(torch.full((act_dim,), -0.5))
        self.v = nn.Sequential(nn.Linear(obs_dim, hidden), nn.Mish(), nn.Linear(hidden, 1))

    def dist(self, obs):
        return Normal(self.mu(obs), self.log_std.exp())

    def value(self, obs):
        return self.v(obs).squeeze(-1)


def gradient_penalty(disc, exp_obs, exp_act, pol_obs, pol_act):
    eps = torch.rand(exp_obs.size(0), 1)
    mix_obs = (eps * exp_obs + (1 - eps) * pol_obs).requires_grad_(True)
    mix_act = (eps * exp_act + (1 - eps) * pol_act).requires_grad_(True)
    scores = disc(mix_obs, mix_act)
    g_obs, g_act = torch.autograd.grad(scores.sum(), (mix_obs, mix_act), create_graph=True)
    grad_norm = torch.cat([g_obs, g_act], dim=-1).norm(2, dim=-1)
    return ((grad_norm - 1.0) ** 2).mean()


def disc_step(disc, opt, cfg, exp_obs, exp_act, pol_obs, pol_act):
    exp_logits = disc(exp_obs, exp_act)
    pol_logits = disc(pol_obs, pol_act)
    bce = F.binary_cross_entropy_with_logits(exp_logits, torch.ones_like(exp_logits)) + \
        F.binary_cross_entropy_with_logits(pol_logits, torch.zeros_like(pol_logits))
    gp = gradient_penalty(disc, exp_obs, exp_act, pol_obs, pol_act)
    loss = bce + cfg.gp_lambda * gp
    opt.zero_grad()
    loss.backward()
    opt.step()
    return bce.item(), gp.item()


def ppo_step(policy, opt, cfg, obs, act, old_logp, adv, ret):
    for _ in range(cfg.ppo_epochs):
        d = policy.dist(obs)
        logp = d.log_prob(act).sum(-1)
        ratio = torch.exp(logp - old_logp)
        pg = -torch.min(ratio * adv, torch.clamp(ratio, 1 - cfg.clip, 1 + cfg.clip) * adv).mean()
        vl = F.mse_loss(policy.value(obs), ret)
        loss = pg + 0.5 * vl - 1e-3 * d.entropy().sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
        opt.step()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=Config.iters)
    ap.add_argument("--gp-lambda", type=float, default=Config.gp_lambda)
    ns = ap.parse_args()
    cfg = Config(iters=ns.iters, gp_lambda=ns.gp_lambda)
    torch.manual_seed(cfg.seed)

    exp_obs, exp_act = lock_keeper_demos(cfg, cfg.n_expert)
    disc = GateDiscriminator(cfg.obs_dim, cfg.act_dim, cfg.hidden)
    policy = GatePolicy(cfg.obs_dim, cfg.act_dim, cfg.hidden)
    d_opt = torch.optim.Adam(disc.parameters(), lr=cfg.lr, betas=(0.5, 0.9))
    p_opt = torch.optim.Adam(policy.parameters(), lr=cfg.lr)

    for it in range(cfg.iters):
        obs = torch.randn(cfg.rollout, cfg.obs_dim)
        with torch.no_grad():
            d = policy.dist(obs)
            act = d.sample()
            old_logp = d.log_prob(act).sum(-1)
            rew = disc.reward(obs, act)
            ret = rew
            adv = (rew - policy.value(obs))
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        for _ in range(cfg.disc_steps):
            idx = torch.randint(0, cfg.n_expert, (cfg.rollout,))
            bce, gp = disc_step(disc, d_opt, cfg, exp_obs[idx], exp_act[idx], obs, act)
        ppo_step(policy, p_opt, cfg, obs, act, old_logp, adv, ret)
        print(f"iter {it} disc_bce {bce:.3f} gp {gp:.4f} reward {rew.mean():.3f}")

    prelu = disc.trunk[2]
    assert prelu.weight.grad is not None and prelu.weight.grad.abs().sum() > 0


if __name__ == "__main__":
    main()
