"""AIRL for a rooftop solar-panel cleaning robot, with an R1 penalty on expert pairs.

Discriminator logit f(s, a, s') = g(s, a) + gamma * h(s') - h(s) - log pi(a|s).
g is a state-action reward MLP, h a shaping potential over a short history of
soiling-sensor frames (Conv1d + average pooling).  R1 (zero-centred) penalty:
E_expert || d f / d (s, a) ||^2, which needs create_graph=True.
"""
import argparse
import logging
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal

logging.basicConfig(level=logging.INFO, format="[airl] %(message)s")
log = logging.getLogger(__name__)

HP = SimpleNamespace(obs_dim=6, hist=8, act_dim=2, hidden=32, gamma=0.95, r1_gamma=5.0,
                     batch=64, iters=6, lr=2e-4, seed=3)


class RewardG(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.l1 = nn.Linear(obs_dim + act_dim, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, s, a):
        h = F.hardswish(self.l1(torch.cat([s, a], -1)))
        h = F.softplus(self.l2(h))
        return self.out(h).squeeze(-1)


class ShapingH(nn.Module):
    """Potential over a (B, obs_dim, hist) sensor history."""

    def __init__(self, obs_dim, hidden):
        super().__init__()
        self.conv = nn.Conv1d(obs_dim, hidden, kernel_size=3, padding=1)
        self.pool = nn.AvgPool1d(kernel_size=2)
        self.head = nn.Linear(hidden, 1)

    def forward(self, hist):
        z = torch.tanh(self.conv(hist))
        z = self.pool(z).mean(-1)
        return self.head(z).squeeze(-1)


class AIRLDiscriminator(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.g = RewardG(hp.obs_dim, hp.act_dim, hp.hidden)
        self.h = ShapingH(hp.obs_dim, hp.hidden)
        self.gamma = hp.gamma

    def f(self, hist, a, next_hist):
        s = hist[..., -1]
        return self.g(s, a) + self.gamma * self.h(next_hist) - self.h(hist)

    def logits(self, hist, a, next_hist, logp_pi):
        return self.f(hist, a, next_hist) - logp_pi


class CleanerPolicy(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ELU(), nn.Linear(hidden, act_dim))
        self.log_std = nn.Parameter(torch.zeros(act_dim))

    def dist(self, s):
        return Normal(self.net(s), self.log_std.exp())


def make_batch(hp, expert, gen):
    hist = torch.randn(hp.batch, hp.obs_dim, hp.hist, generator=gen)
    s = hist[..., -1]
    if expert:
        a = torch.tanh(torch.stack([s[:, 0] - s[:, 1], 0.5 * s[:, 2]], -1))
    else:
        a = torch.rand(hp.batch, hp.act_dim, generator=gen) * 2 - 1
    nxt = torch.cat([hist[..., 1:], (s + 0.1 * a.sum(-1, keepdim=True)).unsqueeze(-1)], -1)
    return hist, a, nxt


def r1_penalty(disc, hist, a, nxt):
    hist = hist.detach().requires_grad_(True)
    a = a.detach().requires_grad_(True)
    out = disc.f(hist, a, nxt)
    g_h, g_a = torch.autograd.grad(out.sum(), [hist, a], create_graph=True)
    return 0.5 * (g_h.pow(2).flatten(1).sum(1) + g_a.pow(2).sum(1)).mean()


def train(hp):
    torch.manual_seed(hp.seed)
    gen = torch.Generator().manual_seed(hp.seed)
    disc = AIRLDiscriminator(hp)
    policy = CleanerPolicy(hp.obs_dim, hp.act_dim, hp.hidden)
    d_opt = torch.optim.Adam(disc.parameters(), lr=hp.lr)
    pi_opt = torch.optim.Adam(policy.parameters(), lr=hp.lr)
    for it in range(hp.iters):
        e_hist, e_a, e_nxt = make_batch(hp, True, gen)
        p_hist, _, p_nxt = make_batch(hp, False, gen)
        with torch.no_grad():
            d = policy.dist(p_hist[..., -1])
            p_a = d.sample().clamp(-1, 1)
            p_logp = d.log_prob(p_a).sum(-1)
            e_logp = policy.dist(e_hist[..., -1]).log_prob(e_a).sum(-1)
        e_logit = disc.logits(e_hist, e_a, e_nxt, e_logp)
        p_logit = disc.logits(p_hist, p_a, p_nxt, p_logp)
        loss_bce = F.binary_cross_entropy_with_logits(
            torch.cat([e_logit, p_logit]), torch.cat([torch.ones_like(e_logit), torch.zeros_like(p_logit)]))
        r1 = r1_penalty(disc, e_hist, e_a, e_nxt)
        d_opt.zero_grad()
        (loss_bce + hp.r1_gamma * r1).backward()
        d_opt.step()

        # policy step on the learned reward (REINFORCE with the AIRL reward, first order)
        d = policy.dist(p_hist[..., -1])
        a = d.rsample()
        with torch.no_grad():
            rew = disc.logits(p_hist, a, p_nxt, d.log_prob(a).sum(-1))
        pi_loss = -(d.log_prob(a.detach()).sum(-1) * (rew - rew.mean())).mean()
        pi_opt.zero_grad()
        pi_loss.backward()
        pi_opt.step()
        log.info("iter %d bce %.4f r1 %.5f", it, loss_bce.item(), r1.item())
    assert disc.h.conv.weight.grad is not None and disc.g.l1.weight.grad is not None
    return disc


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=HP.iters)
    ap.add_argument("--r1-gamma", type=float, default=HP.r1_gamma)
    ns = ap.parse_args()
    HP.iters, HP.r1_gamma = ns.iters, ns.r1_gamma
    train(HP)
