"""TD3 for the looper between two finishing stands of a hot strip mill (strip tension / looper angle control).

The deterministic policy gradient is written out explicitly: dQ/da is taken with torch.autograd.grad (first order,
no graph kept), bounded with Hausknecht & Stone's "inverting gradients", and pushed into the actor with
actions.backward(gradient=...). Actor, twin critics and their Polyak targets are all trained first order.
"""
import argparse
import copy
import logging

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("looper_td3")
STATE_DIM = 6   # looper angle, angular rate, strip tension error, stand-speed mismatch, strip temp, thickness
ACTION_DIM = 2  # looper torque, downstream speed trim
A_LOW, A_HIGH = torch.tensor([-1.0, -0.3]), torch.tensor([1.0, 0.3])


class Actor(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(STATE_DIM, hidden), nn.Hardswish(), nn.Linear(hidden, hidden),
                                  nn.Hardswish(), nn.Linear(hidden, ACTION_DIM))

    def forward(self, s):
        return self.body(s)  # unbounded; inverting gradients keeps it inside [A_LOW, A_HIGH]


class Critic(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.q = nn.Sequential(nn.Linear(STATE_DIM + ACTION_DIM, hidden), nn.SELU(), nn.Linear(hidden, hidden),
                               nn.SELU(), nn.Linear(hidden, 1))

    def forward(self, s, a):
        return self.q(torch.cat([s, a], dim=-1))


def inverting_gradients(dq_da, a):
    """Scale dQ/da by the distance to the bound it points at (Hausknecht & Stone 2016)."""
    span = A_HIGH - A_LOW
    up = (A_HIGH - a) / span
    down = (a - A_LOW) / span
    return torch.where(dq_da > 0, dq_da * up, dq_da * down)


def looper_env_batch(n, gen):
    s = torch.randn(n, STATE_DIM, generator=gen)
    a = (torch.rand(n, ACTION_DIM, generator=gen) * (A_HIGH - A_LOW) + A_LOW)
    s2 = s.clone()
    s2[:, 0] = s[:, 0] + 0.1 * s[:, 1]
    s2[:, 1] = 0.9 * s[:, 1] + 0.2 * a[:, 0]
    s2[:, 2] = 0.8 * s[:, 2] - 0.5 * a[:, 1] + 0.05 * torch.randn(n, generator=gen)
    r = -(s2[:, 2] ** 2 + 0.1 * s2[:, 0] ** 2 + 0.01 * (a ** 2).sum(1)).unsqueeze(1)
    return s, a, r, s2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=4)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--gamma", type=float, default=0.98)
    ap.add_argument("--tau", type=float, default=0.01)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(21)
    gen = torch.Generator().manual_seed(21)

    actor, q1, q2 = Actor(), Critic(), Critic()
    actor_t, q1_t, q2_t = (copy.deepcopy(m).requires_grad_(False) for m in (actor, q1, q2))
    opt_actor = torch.optim.Adam(actor.parameters(), lr=1e-4)
    opt_critic = torch.optim.Adam(list(q1.parameters()) + list(q2.parameters()), lr=1e-3)

    for it in range(args.iterations):
        s, a, r, s2 = looper_env_batch(args.batch, gen)
        with torch.no_grad():
            a2 = torch.max(torch.min(actor_t(s2) + 0.1 * torch.randn(a.shape, generator=gen), A_HIGH), A_LOW)
            y = r + args.gamma * torch.min(q1_t(s2, a2), q2_t(s2, a2))
        critic_loss = F.smooth_l1_loss(q1(s, a), y) + F.smooth_l1_loss(q2(s, a), y)
        opt_critic.zero_grad(set_to_none=True)
        critic_loss.backward()
        opt_critic.step()

        if it % 2 == 0:
            actions = actor(s)
            a_leaf = actions.detach().requires_grad_(True)
            q = q1(s, a_leaf)
            (dq_da,) = torch.autograd.grad(q.sum(), a_leaf)      # first order, nothing kept
            dq_da = inverting_gradients(dq_da, a_leaf.detach())
            opt_actor.zero_grad(set_to_none=True)
            actions.backward(gradient=-dq_da / args.batch)
            opt_actor.step()
            with torch.no_grad():
                for tgt, src in ((actor_t, actor), (q1_t, q1), (q2_t, q2)):
                    for pt, ps in zip(tgt.parameters(), src.parameters()):
                        pt.lerp_(ps, args.tau)
            log.info("it %d critic %.4f |dQ/da| %.4f", it, critic_loss.item(), dq_da.abs().mean().item())
        else:
            log.info("it %d critic %.4f", it, critic_loss.item())


if __name__ == "__main__":
    main()
