"""LOLA-DiCE on an iterated fare-setting game between two ferry operators.

Each operator chooses {hold fare, undercut} every round; payoffs follow an
iterated prisoner's dilemma.  The DiCE "magic box" gives unbiased higher-order
gradients of the sampled return; each agent differentiates its own return
through one look-ahead step of the opponent (create_graph=True).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

# payoff[a_self, a_other] for (hold, undercut)
PAYOFF = torch.tensor([[-1.0, -3.0], [0.0, -2.0]])


class FarePolicy(nn.Module):
    """Reactive policy: input = one-hot of the previous joint action (5 states incl. start)."""

    def __init__(self, hidden=16):
        super().__init__()
        self.fc = nn.Linear(5, hidden)
        self.act = nn.SELU()
        self.out = nn.Linear(hidden, 2)

    def forward(self, state, params=None):
        if params is None:
            return self.out(self.act(self.fc(state)))
        w1, b1, w2, b2 = params
        return F.linear(self.act(F.linear(state, w1, b1)), w2, b2)


def magic_box(x):
    return torch.exp(x - x.detach())


def rollout(pol1, pol2, p1, p2, batch, horizon, gen):
    state = torch.zeros(batch, 5)
    state[:, 4] = 1.0
    logp1, logp2, r1, r2 = [], [], [], []
    for _ in range(horizon):
        lp1 = F.log_softmax(pol1(state, p1), dim=-1)
        lp2 = F.log_softmax(pol2(state, p2), dim=-1)
        a1 = torch.multinomial(lp1.detach().exp(), 1, generator=gen)
        a2 = torch.multinomial(lp2.detach().exp(), 1, generator=gen)
        logp1.append(lp1.gather(1, a1).squeeze(1))
        logp2.append(lp2.gather(1, a2).squeeze(1))
        a1, a2 = a1.squeeze(1), a2.squeeze(1)
        r1.append(PAYOFF[a1, a2])
        r2.append(PAYOFF[a2, a1])
        state = F.one_hot(a1 * 2 + a2, 5).float()
    return torch.stack(logp1, 1), torch.stack(logp2, 1), torch.stack(r1, 1), torch.stack(r2, 1)


def dice_objective(logp_self, logp_other, rewards, gamma):
    horizon = rewards.size(1)
    discounts = gamma ** torch.arange(horizon, dtype=torch.float32)
    dependencies = torch.cumsum(logp_self + logp_other, dim=1)
    return (magic_box(dependencies) * rewards * discounts).sum(1).mean()


def baseline_score(logits):
    # confidence monitor used only for printing
    return F.logsigmoid(logits[:, 0] - logits[:, 1]).mean()


def lola_step(pol1, pol2, args, gen):
    p1 = list(pol1.parameters())
    p2 = list(pol2.parameters())
    # agent 1 looks ahead on agent 2's naive update
    lp1, lp2, r1, r2 = rollout(pol1, pol2, p1, p2, args.batch, args.horizon, gen)
    v2 = dice_objective(lp2, lp1, r2, args.gamma)
    g2 = torch.autograd.grad(v2, p2, create_graph=True)
    p2_ahead = [p + args.lookahead_lr * g for p, g in zip(p2, g2)]
    lp1b, lp2b, r1b, _ = rollout(pol1, pol2, p1, p2_ahead, args.batch, args.horizon, gen)
    v1 = dice_objective(lp1b, lp2b, r1b, args.gamma)
    g1 = torch.autograd.grad(v1, p1)
    # agent 2 (naive learner, first order only)
    lp1c, lp2c, _, r2c = rollout(pol1, pol2, p1, p2, args.batch, args.horizon, gen)
    g2_naive = torch.autograd.grad(dice_objective(lp2c, lp1c, r2c, args.gamma), p2)
    with torch.no_grad():
        for p, g in zip(p1, g1):
            p.add_(args.lr * g)
        for p, g in zip(p2, g2_naive):
            p.add_(args.lr * g)
    return r1.mean().item(), r2.mean().item(), g1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=5)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--horizon", type=int, default=12)
    ap.add_argument("--gamma", type=float, default=0.96)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--lookahead-lr", dest="lookahead_lr", type=float, default=0.1)
    args = ap.parse_args()
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    pol1, pol2 = FarePolicy(), FarePolicy()
    for it in range(args.iters):
        m1, m2, g1 = lola_step(pol1, pol2, args, gen)
        with torch.no_grad():
            start = torch.zeros(1, 5)
            start[0, 4] = 1
            conf = baseline_score(pol1(start))
        print(f"iter {it} ret1 {m1:.3f} ret2 {m2:.3f} p1-hold-logit-margin {conf.item():.3f}")
    assert all(g is not None for g in g1)


if __name__ == "__main__":
    main()
