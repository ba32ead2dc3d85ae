"""TRPO for a toy irrigation valve scheduler.

Instead of the usual Fisher-vector product, the natural-gradient direction is solved with conjugate gradient on
exact Hessian-vector products of the mean KL divergence (double backward through the policy).
"""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

N_VALVES = 4
OBS_DIM = 6
HIDDEN = [24, 24]
MAX_KL = 1e-2
CG_ITERS = 8
DAMPING = 0.1


class ValvePolicy(nn.Module):
    def __init__(self, obs_dim=OBS_DIM, hidden=HIDDEN, n_actions=N_VALVES):
        super().__init__()
        dims = [obs_dim] + list(hidden)
        self.body = nn.Sequential(OrderedDict(
            [(f"fc{i}", nn.Linear(a, b)) for i, (a, b) in enumerate(zip(dims[:-1], dims[1:]))]
            + [("act", nn.SELU()), ("shrink", nn.Tanhshrink())]
        ))
        self.logits = nn.Linear(dims[-1], n_actions)

    def forward(self, obs):
        return self.logits(self.body(obs))


def flat_grad(y, params, **kw):
    grads = torch.autograd.grad(y, params, **kw)
    return torch.cat([g.reshape(-1) for g in grads])


def mean_kl(policy, obs, old_probs):
    log_p = F.log_softmax(policy(obs), dim=-1)
    return F.kl_div(log_p, old_probs, reduction="batchmean")


def hessian_vector(policy, obs, old_probs, v):
    params = [p for p in policy.parameters()]
    kl = mean_kl(policy, obs, old_probs)
    g = flat_grad(kl, params, create_graph=True)
    hv = flat_grad((g * v).sum(), params)
    return hv + DAMPING * v


def conjugate_gradient(Avp, b, iters=CG_ITERS):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rr = r @ r
    for _ in range(iters):
        Ap = Avp(p)
        alpha = rr / (p @ Ap + 1e-10)
        x += alpha * p
        r -= alpha * Ap
        rr_new = r @ r
        p = r + (rr_new / rr) * p
        rr = rr_new
    return x


def rollout(policy, n=64):
    obs = torch.randn(n, OBS_DIM)
    with torch.no_grad():
        probs = F.softmax(policy(obs), dim=-1)
    actions = torch.multinomial(probs, 1).squeeze(1)
    soil_deficit = obs[:, :N_VALVES].abs()
    rewards = soil_deficit.gather(1, actions[:, None]).squeeze(1) - 0.1 * obs[:, -1]
    return obs, actions, rewards, probs


def trpo_step(policy, obs, actions, advantages, old_probs):
    params = list(policy.parameters())
    logp = torch.log_softmax(policy(obs), dim=-1).gather(1, actions[:, None]).squeeze(1)
    old_logp = old_probs.log().gather(1, actions[:, None]).squeeze(1)
    surrogate = (torch.exp(logp - old_logp) * advantages).mean()
    g = flat_grad(surrogate, params)
    step_dir = conjugate_gradient(lambda v: hessian_vector(policy, obs, old_probs, v), g)
    shs = 0.5 * step_dir @ hessian_vector(policy, obs, old_probs, step_dir)
    step = step_dir * torch.sqrt(MAX_KL / (shs + 1e-8))
    with torch.no_grad():
        offset = 0
        for p in params:
            n = p.numel()
            p.add_(step[offset:offset + n].view_as(p))
            offset += n
    return surrogate.item()


def main():
    torch.manual_seed(0)
    policy = ValvePolicy()
    for it in range(3):
        obs, actions, rewards, old_probs = rollout(policy)
        adv = (rewards - rewards.mean()) / (rewards.std() + 1e-8)
        s = trpo_step(policy, obs, actions, adv, old_probs)
        print(f"iter {it} surrogate {s:.4f} mean reward {rewards.mean():.3f}")


if __name__ == "__main__":
    main()
