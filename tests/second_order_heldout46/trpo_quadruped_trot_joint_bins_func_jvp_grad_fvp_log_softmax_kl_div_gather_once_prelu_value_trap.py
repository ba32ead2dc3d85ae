"""TRPO for a quadruped trotting policy whose 12 joint targets are discretised into bins.

Factorised categorical policy (one softmax over bins per joint), mean KL(pi_old || pi_new) as the trust region,
Fisher-vector products by forward-over-reverse differentiation: torch.func.jvp of torch.func.grad of the KL,
evaluated through functional_call on a detached parameter dict. Conjugate gradient + backtracking line search.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jvp
from torch.nn.utils import parameters_to_vector, vector_to_parameters

N_JOINTS, N_BINS, OBS_DIM = 12, 7, 36


class ToyTrotEnv:
    """Linearised body dynamics: obs_{t+1} = tanh(A obs + B q_target) + noise; reward = forward speed - torque cost."""

    def __init__(self, n_envs, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.A = 0.3 * torch.randn(OBS_DIM, OBS_DIM, generator=g)
        self.B = 0.2 * torch.randn(N_JOINTS, OBS_DIM, generator=g)
        self.w_speed = torch.randn(OBS_DIM, generator=g)
        self.n_envs = n_envs
        self.bins = torch.linspace(-0.6, 0.6, N_BINS)

    def reset(self):
        self.obs = 0.1 * torch.randn(self.n_envs, OBS_DIM)
        return self.obs

    def step(self, bin_idx):
        q = self.bins[bin_idx]
        self.obs = torch.tanh(self.obs @ self.A + q @ self.B) + 0.01 * torch.randn_like(self.obs)
        reward = self.obs @ self.w_speed / OBS_DIM - 0.05 * q.pow(2).sum(-1)
        return self.obs, reward


class BinPolicy(nn.Module):
    def __init__(self, hidden=(64, 64)):
        super().__init__()
        layers, d = [], OBS_DIM
        for h in hidden:
            layers += [nn.Linear(d, h), nn.Tanh()]
            d = h
        self.trunk = nn.Sequential(*layers)
        self.head = nn.Linear(d, N_JOINTS * N_BINS)

    def forward(self, obs):
        return self.head(self.trunk(obs)).view(-1, N_JOINTS, N_BINS)


class ValueNet(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(OBS_DIM, hidden), nn.PReLU(), nn.Linear(hidden, 1))

    def forward(self, obs):
        return self.net(obs).squeeze(-1)


def bin_log_probs(logits):
    return F.log_softmax(logits, dim=-1)


def mean_kl(policy, params, obs, old_logp):
    new_logp = bin_log_probs(functional_call(policy, params, (obs,)))
    return F.kl_div(new_logp, old_logp, reduction="batchmean", log_target=True)


def surrogate(policy, obs, actions, adv, old_act_logp):
    logp = bin_log_probs(policy(obs))
    act_logp = torch.gather(logp, -1, actions.unsqueeze(-1)).squeeze(-1).sum(-1)
    return (torch.exp(act_logp - old_act_logp) * adv).mean()


def make_fvp(policy, obs, old_logp, damping):
    params = {k: p.detach() for k, p in policy.named_parameters()}
    kl_grad = grad(lambda p: mean_kl(policy, p, obs, old_logp))
    names = list(params)

    def fvp(vec):
        tangents, i = {}, 0
        for k in names:
            n = params[k].numel()
            tangents[k] = vec[i:i + n].view_as(params[k])
            i += n
        _, hv = jvp(kl_grad, (params,), (tangents,))
        return torch.cat([hv[k].reshape(-1) for k in names]) + damping * vec
    return fvp


def conjugate_gradient(Avp, b, iters=10, tol=1e-10):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rr = r.dot(r)
    for _ in range(iters):
        Ap = Avp(p)
        alpha = rr / (p.dot(Ap) + 1e-12)
        x += alpha * p
        r -= alpha * Ap
        rr_new = r.dot(r)
        if rr_new < tol:
            break
        p = r + (rr_new / rr) * p
        rr = rr_new
    return x


@torch.no_grad()
def rollout(env, policy, value, horizon, gamma, lam):
    obs_buf, act_buf, rew_buf, val_buf = [], [], [], []
    obs = env.reset()
    for _ in range(horizon):
        logits = policy(obs)
        a = torch.distributions.Categorical(logits=logits).sample()
        obs_buf.append(obs); act_buf.append(a); val_buf.append(value(obs))
        obs, r = env.step(a)
        rew_buf.append(r)
    vals = torch.stack(val_buf + [value(obs)])
    adv, last = torch.zeros(horizon, env.n_envs), torch.zeros(env.n_envs)
    for t in reversed(range(horizon)):
        delta = rew_buf[t] + gamma * vals[t + 1] - vals[t]
        last = delta + gamma * lam * last
        adv[t] = last
    ret = adv + vals[:-1]
    return torch.cat(obs_buf), torch.cat(act_buf), adv.reshape(-1), ret.reshape(-1)


def trpo_step(policy, obs, actions, adv, args):
    with torch.no_grad():
        old_logits = policy(obs)
        old_logp = bin_log_probs(old_logits)
        old_act_logp = torch.gather(old_logp, -1, actions.unsqueeze(-1)).squeeze(-1).sum(-1)
    surr = surrogate(policy, obs, actions, adv, old_act_logp)
    g = parameters_to_vector(torch.autograd.grad(surr, list(policy.parameters())))
    fvp = make_fvp(policy, obs, old_logp, args.damping)
    step_dir = conjugate_gradient(fvp, g, iters=args.cg_iters)
    shs = 0.5 * step_dir.dot(fvp(step_dir))
    full_step = step_dir * torch.sqrt(2 * args.max_kl / (shs + 1e-12))
    theta0 = parameters_to_vector(policy.parameters()).detach()
    with torch.no_grad():
        for frac in 0.5 ** torch.arange(10.0):
            vector_to_parameters(theta0 + frac * full_step, policy.parameters())
            kl = mean_kl(policy, dict(policy.named_parameters()), obs, old_logp)
            if kl <= args.max_kl and surrogate(policy, obs, actions, adv, old_act_logp) > surr:
                return kl.item(), frac.item()
        vector_to_parameters(theta0, policy.parameters())
    return 0.0, 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=3)
    ap.add_argument("--n-envs", type=int, default=8)
    ap.add_argument("--horizon", type=int, default=16)
    ap.add_argument("--max-kl", type=float, default=0.01)
    ap.add_argument("--damping", type=float, default=0.1)
    ap.add_argument("--cg-iters", type=int, default=8)
    args = ap.parse_args()
    torch.manual_seed(0)
    env, policy, value = ToyTrotEnv(args.n_envs), BinPolicy(), ValueNet()
    v_opt = torch.optim.Adam(value.parameters(), lr=1e-3)
    for it in range(args.iters):
        obs, actions, adv, ret = rollout(env, policy, value, args.horizon, 0.99, 0.95)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        kl, frac = trpo_step(policy, obs, actions, adv, args)
        for _ in range(5):
            v_loss = F.smooth_l1_loss(value(obs), ret)
            v_opt.zero_grad(); v_loss.backward(); v_opt.step()
        print(f"iter {it} kl={kl:.5f} step_frac={frac:.3f} v_loss={v_loss.item():.4f} ret={ret.mean().item():.3f}")


if __name__ == "__main__":
    main()
