"""TRPO for a toy tram-depot shunting task (discrete track switches).

Single-file, spinning-up style: categorical policy, GAE, conjugate gradient on
Fisher-vector products obtained by double backprop of the mean KL, backtracking
line search, separate value function fitted with Adam.
"""
import argparse
import logging

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Categorical

log = logging.getLogger("trpo_shunting")


class ShuntingYardEnv:
    """Trams arrive on inbound lines; the agent sets one of N switch configurations."""

    def __init__(self, n_tracks=6, horizon=32, seed=0):
        self.n_tracks = n_tracks
        self.horizon = horizon
        self.rng = np.random.default_rng(seed)
        self.obs_dim = 2 * n_tracks + 1
        self.n_actions = n_tracks

    def reset(self):
        self.t = 0
        self.occupancy = self.rng.integers(0, 3, size=self.n_tracks).astype(np.float32)
        self.queue = self.rng.random(self.n_tracks).astype(np.float32)
        return self._obs()

    def _obs(self):
        return np.concatenate([self.occupancy / 3.0, self.queue, [self.t / self.horizon]]).astype(np.float32)

    def step(self, a):
        penalty = self.occupancy[a]
        self.occupancy[a] = min(self.occupancy[a] + 1.0, 3.0)
        self.occupancy = np.maximum(self.occupancy - 0.2 * self.rng.random(self.n_tracks), 0.0)
        self.queue = np.clip(self.queue + 0.1 * self.rng.standard_normal(self.n_tracks), 0.0, 1.0)
        reward = float(self.queue[a] - 0.5 * penalty)
        self.t += 1
        return self._obs(), reward, self.t >= self.horizon


class SwitchPolicy(nn.Module):
    def __init__(self, obs_dim, n_actions, hidden=64):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(obs_dim, hidden),
            nn.Hardswish(),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
            nn.Linear(hidden, n_actions),
        )

    def forward(self, obs):
        return self.body(obs)

    def dist(self, obs):
        return Categorical(logits=self.forward(obs))


class ValueNet(nn.Module):
    def __init__(self, obs_dim, hidden=64):
        super().__init__()
        self.v = nn.Sequential(nn.Linear(obs_dim, hidden), nn.ReLU6(), nn.Linear(hidden, 1))

    def forward(self, obs):
        return self.v(obs).squeeze(-1)


def flat_grad(y, params, **kw):
    grads = torch.autograd.grad(y, params, **kw)
    return torch.cat([g.reshape(-1) for g in grads])


def set_flat_params(module, flat):
    offset = 0
    for p in module.parameters():
        n = p.numel()
        p.data.copy_(flat[offset:offset + n].view_as(p))
        offset += n


def mean_kl(policy, obs, old_logits):
    old_logp = F.log_softmax(old_logits, dim=-1)
    new_logp = F.log_softmax(policy(obs), dim=-1)
    return (old_logp.exp() * (old_logp - new_logp)).sum(-1).mean()


def conjugate_gradient(fvp, b, iters=10, tol=1e-10):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rr = r @ r
    for _ in range(iters):
        Ap = fvp(p)
        alpha = rr / (p @ Ap + 1e-8)
        x += alpha * p
        r -= alpha * Ap
        rr_new = r @ r
        if rr_new < tol:
            break
        p = r + (rr_new / rr) * p
        rr = rr_new
    return x


def collect(env, policy, steps):
    buf = {"obs": [], "act": [], "rew": [], "done": []}
    obs = env.reset()
    for _ in range(steps):
        with torch.no_grad():
            a = policy.dist(torch.as_tensor(obs)).sample().item()
        nxt, r, done = env.step(a)
        buf["obs"].append(obs); buf["act"].append(a); buf["rew"].append(r); buf["done"].append(done)
        obs = env.reset() if done else nxt
    return {k: torch.as_tensor(np.array(v)) for k, v in buf.items()}


def gae(rew, done, values, gamma, lam):
    adv = torch.zeros_like(rew)
    last = 0.0
    for t in reversed(range(len(rew))):
        nonterminal = 1.0 - done[t].float()
        next_v = values[t + 1] if t + 1 < len(rew) else 0.0
        delta = rew[t] + gamma * next_v * nonterminal - values[t]
        last = delta + gamma * lam * nonterminal * last
        adv[t] = last
    return adv, adv + values


def trpo_update(policy, batch, adv, args):
    params = [p for p in policy.parameters()]
    obs, act = batch["obs"], batch["act"]
    with torch.no_grad():
        old_logits = policy(obs)
        old_logp_a = Categorical(logits=old_logits).log_prob(act)

    def surrogate():
        logp_a = F.log_softmax(policy(obs), dim=-1).gather(1, act.long().unsqueeze(1)).squeeze(1)
        return (torch.exp(logp_a - old_logp_a) * adv).mean()

    g = flat_grad(surrogate(), params)

    def fvp(v):
        kl = mean_kl(policy, obs, old_logits)
        grad_kl = flat_grad(kl, params, create_graph=True)
        return flat_grad((grad_kl * v).sum(), params) + args.damping * v

    step_dir = conjugate_gradient(fvp, g, iters=args.cg_iters)
    shs = 0.5 * (step_dir @ fvp(step_dir))
    full_step = torch.sqrt(2 * args.max_kl / (shs + 1e-8)) * step_dir
    old_flat = torch.cat([p.data.reshape(-1) for p in params])
    with torch.no_grad():
        base = surrogate()
        for frac in 0.5 ** np.arange(args.backtrack):
            set_flat_params(policy, old_flat + frac * full_step)
            if mean_kl(policy, obs, old_logits) <= args.max_kl and surrogate() > base:
                return float(frac)
        set_flat_params(policy, old_flat)
    return 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--steps", type=int, default=128)
    ap.add_argument("--max-kl", dest="max_kl", type=float, default=0.01)
    ap.add_argument("--damping", type=float, default=0.1)
    ap.add_argument("--cg-iters", dest="cg_iters", type=int, default=8)
    ap.add_argument("--backtrack", type=int, default=8)
    ap.add_argument("--gamma", type=float, default=0.99)
    ap.add_argument("--lam", type=float, default=0.95)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)

    env = ShuntingYardEnv()
    policy = SwitchPolicy(env.obs_dim, env.n_actions)
    vf = ValueNet(env.obs_dim)
    vf_opt = torch.optim.Adam(vf.parameters(), lr=1e-3)

    for it in range(args.iters):
        batch = collect(env, policy, args.steps)
        with torch.no_grad():
            values = vf(batch["obs"])
        adv, ret = gae(batch["rew"].float(), batch["done"], values, args.gamma, args.lam)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        accepted = trpo_update(policy, batch, adv, args)
        for _ in range(5):
            vf_opt.zero_grad()
            F.mse_loss(vf(batch["obs"]), ret).backward()
            vf_opt.step()
        log.info("iter %d return %.3f step_frac %.3f", it, batch["rew"].sum().item(), accepted)

    # sanity: the Fisher-vector product really is a second derivative
    obs = batch["obs"][:16]
    with torch.no_grad():
        ref = policy(obs) + 0.3
    gk = flat_grad(mean_kl(policy, obs, ref), list(policy.parameters()), create_graph=True)
    hv = flat_grad(gk.pow(2).sum(), list(policy.parameters()))
    assert hv.abs().sum() > 0
    log.info("fvp check ok, |Hv|=%.4g", hv.norm().item())


if __name__ == "__main__":
    main()
