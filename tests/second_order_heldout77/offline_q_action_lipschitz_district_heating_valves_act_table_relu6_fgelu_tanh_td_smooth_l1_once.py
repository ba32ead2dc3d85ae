"""Offline RL on logged district-heating substation valve data.

TD3+BC-like actor-critic trained from a fixed replay buffer, with a CQL-style
conservative term and a smoothness (Lipschitz) penalty on Q(s, a) w.r.t. the
action: || dQ/da ||^2 above a margin is penalised, which needs a double backward
through the critic.
"""
import argparse
import copy
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger("offline_heating")

ACTIVATIONS = {
    "relu6": nn.ReLU6,
    "elu": nn.ELU,
    "mish": nn.Mish,
}


def build_mlp(in_dim, hidden, out_dim, act, depth=2):
    layers, d = [], in_dim
    for _ in range(depth):
        layers += [nn.Linear(d, hidden), nn.LayerNorm(hidden), ACTIVATIONS[act]()]
        d = hidden
    layers.append(nn.Linear(d, out_dim))
    return nn.Sequential(*layers)


class SubstationCritic(nn.Module):
    """Q(s, a) with a separate action embedding passed through a tanh-GELU."""

    def __init__(self, obs_dim, act_dim, hidden, act):
        super().__init__()
        self.act_embed = nn.Linear(act_dim, hidden // 2)
        self.q = build_mlp(obs_dim + hidden // 2, hidden, 1, act)

    def forward(self, obs, action):
        a = F.gelu(self.act_embed(action), approximate="tanh")
        return self.q(torch.cat([obs, a], dim=-1)).squeeze(-1)


class ValveActor(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.net = build_mlp(obs_dim, hidden, act_dim, "mish")

    def forward(self, obs):
        return torch.tanh(self.net(obs))


def synthetic_logs(n, obs_dim, act_dim, seed=0):
    g = torch.Generator().manual_seed(seed)
    obs = torch.randn(n, obs_dim, generator=g)
    act = torch.tanh(obs[:, :act_dim] + 0.3 * torch.randn(n, act_dim, generator=g))
    supply_temp, return_temp = obs[:, 0], obs[:, 1]
    rew = -(supply_temp - return_temp - act.sum(-1)).abs() - 0.1 * act.pow(2).sum(-1)
    nxt = obs + 0.1 * torch.randn(n, obs_dim, generator=g)
    done = torch.zeros(n)
    return dict(obs=obs, act=act, rew=rew, next_obs=nxt, done=done)


def action_smoothness_penalty(critic, obs, act, margin):
    act = act.clone().requires_grad_(True)
    q = critic(obs, act)
    (dq_da,) = torch.autograd.grad(q.sum(), act, create_graph=True)
    return F.relu(dq_da.pow(2).sum(-1) - margin ** 2).mean()


def cql_term(critic, obs, act, n_rand=8):
    b, a_dim = act.shape
    rand_a = torch.empty(b * n_rand, a_dim).uniform_(-1, 1)
    obs_rep = obs.repeat_interleave(n_rand, dim=0)
    q_rand = critic(obs_rep, rand_a).view(b, n_rand)
    q_data = critic(obs, act)
    return (torch.logsumexp(q_rand, dim=1) - math.log(n_rand) - q_data).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--activation", default="relu6", choices=sorted(ACTIVATIONS))
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--smooth-weight", type=float, default=1.0)
    ap.add_argument("--margin", type=float, default=0.05)
    ap.add_argument("--cql-alpha", type=float, default=0.5)
    ap.add_argument("--bc-alpha", type=float, default=2.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    obs_dim, act_dim, hidden, gamma, tau = 10, 3, 64, 0.99, 0.005
    data = synthetic_logs(2048, obs_dim, act_dim)
    critic = SubstationCritic(obs_dim, act_dim, hidden, args.activation)
    critic_targ = copy.deepcopy(critic).requires_grad_(False)
    actor = ValveActor(obs_dim, act_dim, hidden)
    actor_targ = copy.deepcopy(actor).requires_grad_(False)
    c_opt = torch.optim.Adam(critic.parameters(), lr=3e-4)
    a_opt = torch.optim.Adam(actor.parameters(), lr=3e-4)

    for step in range(args.steps):
        idx = torch.randint(0, 2048, (args.batch,))
        b = {k: v[idx] for k, v in data.items()}
        with torch.no_grad():
            noise = (0.2 * torch.randn_like(b["act"])).clamp(-0.5, 0.5)
            next_a = (actor_targ(b["next_obs"]) + noise).clamp(-1, 1)
            target = b["rew"] + gamma * (1 - b["done"]) * critic_targ(b["next_obs"], next_a)
        td = F.smooth_l1_loss(critic(b["obs"], b["act"]), target)
        cql = cql_term(critic, b["obs"], b["act"])
        smooth = action_smoothness_penalty(critic, b["obs"], b["act"], args.margin)
        c_loss = td + args.cql_alpha * cql + args.smooth_weight * smooth
        c_opt.zero_grad()
        c_loss.backward()
        c_opt.step()

        if step % 2 == 0:
            pi = actor(b["obs"])
            q = critic(b["obs"], pi)
            lmbda = args.bc_alpha / q.abs().mean().detach()
            a_loss = -lmbda * q.mean() + F.mse_loss(pi, b["act"])
            a_opt.zero_grad()
            a_loss.backward()
            a_opt.step()
            with torch.no_grad():
                for p, pt in zip(list(critic.parameters()) + list(actor.parameters()),
                                 list(critic_targ.parameters()) + list(actor_targ.parameters())):
                    pt.mul_(1 - tau).add_(tau * p)
        if step % 10 == 0:
            logger.info("step %d td %.4f cql %.4f smooth %.4f", step, td.item(), cql.item(), smooth.item())

    assert critic.act_embed.weight.grad is not None


if __name__ == "__main__":
    main()
