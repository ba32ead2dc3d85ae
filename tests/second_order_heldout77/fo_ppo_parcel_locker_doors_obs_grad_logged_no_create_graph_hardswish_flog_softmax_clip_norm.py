"""CleanRL-style single-file PPO for parcel-locker door assignment (discrete).

Adds a diagnostics hook: the L2 norm of d V / d obs is logged every update
(create_graph left off, the value is only printed), which is the quantity a
gradient-penalised critic would regularise.
"""
import argparse
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--num-envs", type=int, default=4)
    p.add_argument("--num-steps", type=int, default=32)
    p.add_argument("--total-updates", type=int, default=4)
    p.add_argument("--update-epochs", type=int, default=3)
    p.add_argument("--num-minibatches", type=int, default=4)
    p.add_argument("--clip-coef", type=float, default=0.2)
    p.add_argument("--ent-coef", type=float, default=0.01)
    p.add_argument("--vf-coef", type=float, default=0.5)
    p.add_argument("--max-grad-norm", type=float, default=0.5)
    p.add_argument("--gamma", type=float, default=0.99)
    p.add_argument("--gae-lambda", type=float, default=0.95)
    p.add_argument("--log-obs-grad", type=lambda s: s.lower() == "true", default=True)
    return p.parse_args()


class LockerEnv:
    """Vectorised toy env: assign an arriving parcel (size, urgency) to one of 8 locker doors."""

    n_doors = 8

    def __init__(self, n, seed=0):
        self.n = n
        self.rng = np.random.default_rng(seed)
        self.free = np.ones((n, self.n_doors), dtype=np.float32)
        self.sizes = np.tile(np.linspace(0.2, 1.0, self.n_doors, dtype=np.float32), (n, 1))

    def obs(self):
        self.parcel = self.rng.random((self.n, 2)).astype(np.float32)
        return np.concatenate([self.free, self.sizes, self.parcel], axis=1)

    def step(self, a):
        idx = np.arange(self.n)
        fits = self.sizes[idx, a] >= self.parcel[:, 0]
        ok = fits & (self.free[idx, a] > 0)
        rew = np.where(ok, 1.0 - (self.sizes[idx, a] - self.parcel[:, 0]), -1.0).astype(np.float32)
        self.free[idx[ok], a[ok]] = 0.0
        self.free[self.rng.random((self.n, self.n_doors)) < 0.1] = 1.0
        return self.obs(), rew, np.zeros(self.n, dtype=np.float32)


def layer_init(layer, std=np.sqrt(2), bias_const=0.0):
    nn.init.orthogonal_(layer.weight, std)
    nn.init.constant_(layer.bias, bias_const)
    return layer


class Agent(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.critic = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64)), nn.Hardswish(),
            layer_init(nn.Linear(64, 64)), nn.Hardswish(),
            layer_init(nn.Linear(64, 1), std=1.0),
        )
        self.actor = nn.Sequential(
            layer_init(nn.Linear(obs_dim, 64)), nn.Tanh(),
            layer_init(nn.Linear(64, n_actions), std=0.01),
        )

    def get_value(self, x):
        return self.critic(x).squeeze(-1)

    def get_action_and_value(self, x, action=None):
        logp_all = F.log_softmax(self.actor(x), dim=-1)
        if action is None:
            action = torch.multinomial(logp_all.exp(), 1).squeeze(-1)
        logp = logp_all.gather(-1, action.unsqueeze(-1)).squeeze(-1)
        entropy = -(logp_all.exp() * logp_all).sum(-1)
        return action, logp, entropy, self.get_value(x)


def obs_grad_norm(agent, obs):
    obs = obs.clone().requires_grad_(True)
    (g,) = torch.autograd.grad(agent.get_value(obs).sum(), obs, create_graph=False)
    return g.norm(dim=-1).mean().item()


def main():
    args = parse_args()
    torch.manual_seed(1)
    envs = LockerEnv(args.num_envs)
    obs_dim = 2 * LockerEnv.n_doors + 2
    agent = Agent(obs_dim, LockerEnv.n_doors)
    optimizer = torch.optim.Adam(agent.parameters(), lr=2.5e-4, eps=1e-5)
    T, N = args.num_steps, args.num_envs
    obs_buf = torch.zeros(T, N, obs_dim)
    act_buf = torch.zeros(T, N, dtype=torch.long)
    logp_buf, rew_buf, done_buf, val_buf = (torch.zeros(T, N) for _ in range(4))
    next_obs = torch.as_tensor(envs.obs())
    next_done = torch.zeros(N)
    start = time.time()

    for update in range(args.total_updates):
        for t in range(T):
            obs_buf[t], done_buf[t] = next_obs, next_done
            with torch.no_grad():
                action, logp, _, value = agent.get_action_and_value(next_obs)
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            o, r, d = envs.step(action.numpy())
            rew_buf[t] = torch.as_tensor(r)
            next_obs, next_done = torch.as_tensor(o), torch.as_tensor(d)

        with torch.no_grad():
            next_value = agent.get_value(next_obs)
            adv = torch.zeros_like(rew_buf)
            lastgaelam = 0
            for t in reversed(range(T)):
                nv = next_value if t == T - 1 else val_buf[t + 1]
                nonterm = 1.0 - (next_done if t == T - 1 else done_buf[t + 1])
                delta = rew_buf[t] + args.gamma * nv * nonterm - val_buf[t]
                adv[t] = lastgaelam = delta + args.gamma * args.gae_lambda * nonterm * lastgaelam
            ret = adv + val_buf

        b_obs, b_act = obs_buf.reshape(-1, obs_dim), act_buf.reshape(-1)
        b_logp, b_adv, b_ret = logp_buf.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        mb = T * N // args.num_minibatches
        for _ in range(args.update_epochs):
            perm = torch.randperm(T * N)
            for s in range(0, T * N, mb):
                i = perm[s:s + mb]
                _, newlogp, ent, newv = agent.get_action_and_value(b_obs[i], b_act[i])
                ratio = (newlogp - b_logp[i]).exp()
                mb_adv = (b_adv[i] - b_adv[i].mean()) / (b_adv[i].std() + 1e-8)
                pg_loss = torch.max(-mb_adv * ratio,
                                    -mb_adv * torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)).mean()
                v_loss = 0.5 * (newv - b_ret[i]).pow(2).mean()
                loss = pg_loss - args.ent_coef * ent.mean() + args.vf_coef * v_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optimizer.step()
        msg = f"update {update} mean_rew {rew_buf.mean():.3f} loss {loss.item():.4f}"
        if args.log_obs_grad:
            msg += f" |dV/dobs| {obs_grad_norm(agent, b_obs[:64]):.4f}"
        print(msg, f"({time.time() - start:.1f}s)")


if __name__ == "__main__":
    main()
