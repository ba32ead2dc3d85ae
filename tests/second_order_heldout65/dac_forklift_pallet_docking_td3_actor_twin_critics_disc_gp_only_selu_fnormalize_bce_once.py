"""Discriminator-Actor-Critic (Kostrikov et al. 2019) for forklift pallet-pocket docking.

Three kinds of networks: a deterministic actor, twin Q critics (+ Polyak targets) trained with TD3, and a transition
discriminator that turns expert docking demonstrations into a reward. Only the discriminator carries a gradient
penalty (interpolates between expert and policy (s, a) pairs), so it is the only network differentiated twice.
"""
import argparse
import copy
import logging
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("dac_forklift")
STATE_DIM = 9   # fork height, tilt, lateral / longitudinal offset to pocket, yaw error, speed, mast load, 2 lidar gaps
ACTION_DIM = 3  # drive, steer, lift


@dataclass
class DACConfig:
    hidden: int = 64
    gamma: float = 0.99
    tau: float = 0.005
    policy_noise: float = 0.2
    noise_clip: float = 0.5
    policy_delay: int = 2
    gp_weight: float = 10.0
    batch: int = 32
    iterations: int = 4


class Actor(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(STATE_DIM, hidden), nn.ReLU6(), nn.Linear(hidden, hidden), nn.ReLU6(),
                                 nn.Linear(hidden, ACTION_DIM))

    def forward(self, s):
        return torch.tanh(self.net(s))


class TwinCritic(nn.Module):
    def __init__(self, hidden):
        super().__init__()

        def q():
            return nn.Sequential(nn.Linear(STATE_DIM + ACTION_DIM, hidden), nn.LayerNorm(hidden), nn.PReLU(),
                                 nn.Linear(hidden, 1))

        self.q1, self.q2 = q(), q()

    def forward(self, s, a):
        sa = torch.cat([s, a], dim=-1)
        return self.q1(sa), self.q2(sa)


class TransitionDiscriminator(nn.Module):
    """D(s, a) -> logit that (s, a) comes from the expert operator."""

    def __init__(self, hidden, scale=8.0):
        super().__init__()
        self.inp = nn.Linear(STATE_DIM + ACTION_DIM, hidden)
        self.act = nn.SELU()
        self.hid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.scale = scale

    def forward(self, sa):
        h = self.act(self.inp(sa))
        emb = F.normalize(self.hid(h), dim=-1)   # cosine-style head keeps the logits bounded
        return self.out(emb * self.scale)


def gradient_penalty(disc, expert_sa, policy_sa):
    eps = torch.rand(expert_sa.shape[0], 1)
    mix = (eps * expert_sa + (1 - eps) * policy_sa).requires_grad_(True)
    (grad,) = torch.autograd.grad(disc(mix).sum(), mix, create_graph=True)
    return (grad.norm(2, dim=1) - 1).pow(2).mean()


def discriminator_loss(disc, expert_sa, policy_sa):
    e_logit, p_logit = disc(expert_sa), disc(policy_sa)
    return (F.binary_cross_entropy_with_logits(e_logit, torch.ones_like(e_logit))
            + F.binary_cross_entropy_with_logits(p_logit, torch.zeros_like(p_logit)))


@torch.no_grad()
def learned_reward(disc, s, a):
    logit = disc(torch.cat([s, a], dim=-1))
    return F.logsigmoid(logit) - F.logsigmoid(-logit)


@torch.no_grad()
def soft_update(target, source, tau):
    for t, p in zip(target.parameters(), source.parameters()):
        t.mul_(1 - tau).add_(tau * p)


def expert_demos(n, gen):
    s = torch.randn(n, STATE_DIM, generator=gen)
    a = torch.tanh(torch.stack([-0.8 * s[:, 3], -1.2 * s[:, 4], 0.5 * s[:, 0]], dim=1))  # centre on the pocket
    return s, a


def replay_sample(n, gen):
    s = torch.randn(n, STATE_DIM, generator=gen)
    a = torch.rand(n, ACTION_DIM, generator=gen) * 2 - 1
    s2 = s + 0.05 * torch.randn(n, STATE_DIM, generator=gen)
    done = (torch.rand(n, 1, generator=gen) < 0.05).float()
    return s, a, s2, done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=DACConfig.iterations)
    cfg = DACConfig(iterations=ap.parse_args().iterations)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(3)
    gen = torch.Generator().manual_seed(3)

    actor, critic, disc = Actor(cfg.hidden), TwinCritic(cfg.hidden), TransitionDiscriminator(cfg.hidden)
    actor_t, critic_t = copy.deepcopy(actor), copy.deepcopy(critic)
    opt_a = torch.optim.Adam(actor.parameters(), lr=3e-4)
    opt_c = torch.optim.Adam(critic.parameters(), lr=3e-4)
    opt_d = torch.optim.Adam(disc.parameters(), lr=1e-4)

    for it in range(cfg.iterations):
        s, a, s2, done = replay_sample(cfg.batch, gen)
        es, ea = expert_demos(cfg.batch, gen)

        # 1) discriminator: BCE + gradient penalty (second order through disc only)
        expert_sa, policy_sa = torch.cat([es, ea], -1), torch.cat([s, a], -1)
        d_loss = discriminator_loss(disc, expert_sa, policy_sa)
        gp = gradient_penalty(disc, expert_sa, policy_sa)
        opt_d.zero_grad(set_to_none=True)
        (d_loss + cfg.gp_weight * gp).backward()
        gp_reached = disc.inp.weight.grad.abs().sum().item()
        opt_d.step()

        # 2) critics: TD3 target with the discriminator reward (no gradient into disc)
        r = learned_reward(disc, s, a)
        with torch.no_grad():
            noise = (torch.randn_like(a) * cfg.policy_noise).clamp(-cfg.noise_clip, cfg.noise_clip)
            a2 = (actor_t(s2) + noise).clamp(-1, 1)
            tq1, tq2 = critic_t(s2, a2)
            target = r + cfg.gamma * (1 - done) * torch.min(tq1, tq2)
        q1, q2 = critic(s, a)
        c_loss = F.mse_loss(q1, target) + F.mse_loss(q2, target)
        opt_c.zero_grad(set_to_none=True)
        c_loss.backward()
        opt_c.step()

        # 3) delayed actor update, first order through critic.q1 and the actor
        if it % cfg.policy_delay == 0:
            a_loss = -critic(s, actor(s))[0].mean()
            opt_a.zero_grad(set_to_none=True)
            a_loss.backward()
            opt_a.step()
            soft_update(actor_t, actor, cfg.tau)
            soft_update(critic_t, critic, cfg.tau)
        log.info("it %d d_loss %.4f gp %.4f c_loss %.4f |dD| %.3e", it, d_loss.item(), gp.item(), c_loss.item(),
                 gp_reached)

    # sanity: the penalty alone reaches the discriminator's first layer through the double backward
    es, ea = expert_demos(cfg.batch, gen)
    s, a, _, _ = replay_sample(cfg.batch, gen)
    gp = gradient_penalty(disc, torch.cat([es, ea], -1), torch.cat([s, a], -1))
    (g_first,) = torch.autograd.grad(gp, disc.inp.weight)
    assert g_first.abs().sum() > 0


if __name__ == "__main__":
    main()
