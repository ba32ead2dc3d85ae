# DDPG (Lillicrap et al. 2016) on a batched pendulum swing-up. The deterministic policy gradient is applied
# the way some reference implementations write it: dQ/da is taken explicitly with autograd (no create_graph)
# and pushed through the actor with a.backward(-dQ/da). Only first derivatives are ever taken.
import copy
import math

import torch
import torch.nn as nn


def pendulum_step(s, a, dt=0.05, g=10.0, m=1.0, l=1.0):
    th, thdot = torch.atan2(s[:, 1], s[:, 0]), s[:, 2]
    u = a.squeeze(-1).clamp(-2.0, 2.0)
    cost = (((th + math.pi) % (2 * math.pi)) - math.pi) ** 2 + 0.1 * thdot ** 2 + 0.001 * u ** 2
    thdot = (thdot + (3 * g / (2 * l) * torch.sin(th) + 3.0 / (m * l ** 2) * u) * dt).clamp(-8, 8)
    th = th + thdot * dt
    return torch.stack([torch.cos(th), torch.sin(th), thdot], 1), -cost


class Actor(nn.Module):
    def __init__(self, hidden=256):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Linear(hidden, 1), nn.Tanh())

    def forward(self, s):
        return 2.0 * self.net(s)


class Critic(nn.Module):
    def __init__(self, hidden=256):
        super().__init__()
        self.s_path = nn.Sequential(nn.Linear(3, hidden), nn.ReLU())
        self.q = nn.Sequential(nn.Linear(hidden + 1, hidden), nn.ELU(), nn.Linear(hidden, 1))

    def forward(self, s, a):
        return self.q(torch.cat([self.s_path(s), a], 1))


def soft_update(target, source, tau=0.005):
    with torch.no_grad():
        for t, s in zip(target.parameters(), source.parameters()):
            t.mul_(1 - tau).add_(tau * s)


def update(actor, critic, actor_t, critic_t, opt_a, opt_c, batch, gamma=0.99):
    s, a, r, s2 = batch
    with torch.no_grad():
        y = r[:, None] + gamma * critic_t(s2, actor_t(s2))
    critic_loss = (critic(s, a) - y).pow(2).mean()
    opt_c.zero_grad()
    critic_loss.backward()
    opt_c.step()

    a_pi = actor(s)
    a_leaf = a_pi.detach().requires_grad_(True)
    (dq_da,) = torch.autograd.grad(critic(s, a_leaf).sum(), a_leaf)
    opt_a.zero_grad()
    a_pi.backward(-dq_da / s.size(0))
    opt_a.step()
    soft_update(actor_t, actor)
    soft_update(critic_t, critic)


if __name__ == "__main__":
    actor, critic = Actor(64), Critic(64)
    actor_t, critic_t = copy.deepcopy(actor), copy.deepcopy(critic)
    oa, oc = torch.optim.Adam(actor.parameters(), 1e-4), torch.optim.Adam(critic.parameters(), 1e-3)
    s = torch.randn(16, 3)
    a = actor(s).detach() + 0.1 * torch.randn(16, 1)
    s2, r = pendulum_step(s, a)
    update(actor, critic, actor_t, critic_t, oa, oc, (s, a, r, s2))
    print("ok")
