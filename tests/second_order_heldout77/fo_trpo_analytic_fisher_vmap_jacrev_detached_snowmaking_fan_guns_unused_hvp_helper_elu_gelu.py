"""TRPO with an explicit analytic Fisher for a ski-resort snowmaking fan-gun controller.

For a Gaussian policy with state-independent std, the Fisher of the mean
parameters is  F = E[ J^T diag(1/sigma^2) J ],  J = d mu / d theta.  J is built
per sample with torch.func.jacrev (first derivatives only, on detached weights),
so the Fisher-vector product is  J^T (M (J v))  -- no double backward.
A double-backward KL-Hessian helper is kept for comparison runs but is not used.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacrev, vmap

log = logging.getLogger("fo_trpo_snowmaking")


class FanGunPolicy(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden=32):
        super().__init__()
        self.l1 = nn.Linear(obs_dim, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.mu = nn.Linear(hidden, act_dim)
        self.log_std = nn.Parameter(torch.full((act_dim,), -0.7))

    def forward(self, obs):
        h = F.elu(self.l1(obs))
        h = F.gelu(self.l2(h), approximate="tanh")
        return self.mu(h)


def weather_batch(n, obs_dim, act_dim, gen):
    """Wet-bulb temperature, humidity, wind, slope coverage ...; actions = (water flow, fan speed)."""
    obs = torch.randn(n, obs_dim, generator=gen)
    act = torch.randn(n, act_dim, generator=gen) * 0.5
    wet_bulb = obs[:, 0]
    snow = torch.relu(-wet_bulb) * torch.sigmoid(act[:, 0]) * (1 + 0.3 * act[:, 1])
    cost = 0.2 * act.pow(2).sum(-1)
    return obs, act, snow - cost


def kl_hessian_vector_product(policy, obs, v, damping=0.1):
    """Reference FVP via double backward of the mean KL (kept for A/B runs; not called)."""
    params = [p for n, p in policy.named_parameters() if n != "log_std"]
    mu = policy(obs)
    kl = 0.5 * ((mu - mu.detach()).pow(2) / policy.log_std.exp().pow(2)).sum(-1).mean()
    g = torch.autograd.grad(kl, params, create_graph=True)
    flat = torch.cat([x.reshape(-1) for x in g])
    hv = torch.autograd.grad((flat * v).sum(), params)
    return torch.cat([x.reshape(-1) for x in hv]) + damping * v


def mean_params(policy):
    return {n: p.detach() for n, p in policy.named_parameters() if n != "log_std"}


def per_sample_jacobian(policy, obs):
    params = mean_params(policy)

    def mu_fn(p, x):
        return functional_call(policy, p, (x.unsqueeze(0),)).squeeze(0)

    jac = vmap(jacrev(mu_fn), in_dims=(None, 0))(params, obs)
    return torch.cat([j.reshape(obs.size(0), j.size(1), -1) for j in jac.values()], dim=-1)


def analytic_fvp(J, inv_var, damping):
    def fvp(v):
        Jv = torch.einsum("bap,p->ba", J, v)
        return torch.einsum("bap,ba->p", J, Jv * inv_var) / J.size(0) + damping * v
    return fvp


def conjugate_gradient(Av, b, iters=10):
    x = torch.zeros_like(b)
    r = b.clone(); p = b.clone(); rs = r @ r
    for _ in range(iters):
        Ap = Av(p)
        alpha = rs / (p @ Ap)
        x += alpha * p; r -= alpha * Ap
        rs_new = r @ r
        p = r + rs_new / rs * p; rs = rs_new
    return x


def trpo_step(policy, obs, act, adv, max_kl, damping):
    params = [p for n, p in policy.named_parameters() if n != "log_std"]
    std = policy.log_std.exp()
    mu = policy(obs)
    logp = (-0.5 * ((act - mu) / std).pow(2) - policy.log_std).sum(-1)
    g = torch.cat([x.reshape(-1) for x in torch.autograd.grad((logp * adv).mean(), params)])
    with torch.no_grad():
        J = per_sample_jacobian(policy, obs)
        fvp = analytic_fvp(J, (1.0 / std.pow(2)).detach(), damping)
        step = conjugate_gradient(fvp, g)
        scale = torch.sqrt(2 * max_kl / (step @ fvp(step) + 1e-8))
        off = 0
        for p in params:
            n = p.numel()
            p.add_(scale * step[off:off + n].view_as(p))
            off += n
    return scale.item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=4)
    ap.add_argument("--batch", type=int, default=96)
    ap.add_argument("--max-kl", type=float, default=0.01)
    ap.add_argument("--damping", type=float, default=0.1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(4)
    gen = torch.Generator().manual_seed(4)
    obs_dim, act_dim = 7, 2
    policy = FanGunPolicy(obs_dim, act_dim)
    for it in range(args.iters):
        obs, act, rew = weather_batch(args.batch, obs_dim, act_dim, gen)
        adv = (rew - rew.mean()) / (rew.std() + 1e-8)
        scale = trpo_step(policy, obs, act, adv, args.max_kl, args.damping)
        log.info("iter %d mean snow-minus-cost %.4f step scale %.4f", it, rew.mean().item(), scale)


if __name__ == "__main__":
    main()
