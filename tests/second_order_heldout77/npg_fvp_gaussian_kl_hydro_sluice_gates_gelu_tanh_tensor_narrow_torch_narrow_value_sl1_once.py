"""Natural policy gradient for a small hydro-plant sluice-gate controller.

Gaussian policy whose head emits [mean | pre-log-std] in one tensor; the Fisher
is applied implicitly as the Hessian of the closed-form Gaussian KL (double
backward through the policy), solved with CG, then a fixed natural step.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

LOG = logging.getLogger("npg_sluice")
LOG_STD_MIN, LOG_STD_MAX = -4.0, 1.0


class SluiceGatePolicy(nn.Module):
    def __init__(self, obs_dim, act_dim, hidden=48):
        super().__init__()
        self.act_dim = act_dim
        self.fc1 = nn.Linear(obs_dim, hidden)
        self.act1 = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(hidden, hidden)
        self.head = nn.Linear(hidden, 2 * act_dim)

    def forward(self, obs):
        h = self.act1(self.fc1(obs))
        h = torch.tanh(self.fc2(h))
        out = self.head(h)
        mean = out.narrow(-1, 0, self.act_dim)
        raw = torch.narrow(out, -1, self.act_dim, self.act_dim)
        log_std = LOG_STD_MIN + 0.5 * (LOG_STD_MAX - LOG_STD_MIN) * (torch.tanh(raw) + 1)
        return mean, log_std


class Baseline(nn.Module):
    def __init__(self, obs_dim, hidden=48):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, hidden), nn.SiLU(), nn.Linear(hidden, 1))

    def forward(self, obs):
        return self.net(obs).squeeze(-1)


def gaussian_log_prob(mean, log_std, act):
    z = (act - mean) / log_std.exp()
    return (-0.5 * z.pow(2) - log_std - 0.9189385332046727).sum(-1)


def gaussian_kl(mu_old, log_std_old, mu, log_std):
    var_old, var = (2 * log_std_old).exp(), (2 * log_std).exp()
    kl = log_std - log_std_old + (var_old + (mu_old - mu).pow(2)) / (2 * var) - 0.5
    return kl.sum(-1).mean()


def simulate_reservoir(policy, n_steps, obs_dim, act_dim, gen):
    """Reservoir head / inflow dynamics; actions are gate openings."""
    obs = torch.randn(obs_dim, generator=gen)
    traj = {"obs": [], "act": [], "rew": []}
    for _ in range(n_steps):
        with torch.no_grad():
            mean, log_std = policy(obs)
            act = mean + log_std.exp() * torch.randn(act_dim, generator=gen)
        head, inflow = obs[0], obs[1]
        outflow = torch.sigmoid(act).sum()
        rew = -(head - 0.5).pow(2) - 0.05 * act.pow(2).sum() + 0.1 * outflow
        nxt = obs.clone()
        nxt[0] = head + 0.1 * (inflow - outflow)
        nxt[1:] = 0.9 * obs[1:] + 0.1 * torch.randn(obs_dim - 1, generator=gen)
        traj["obs"].append(obs); traj["act"].append(act); traj["rew"].append(rew)
        obs = nxt
    return {k: torch.stack(v) for k, v in traj.items()}


def discounted(rew, gamma):
    out, run = torch.zeros_like(rew), 0.0
    for t in reversed(range(len(rew))):
        run = rew[t] + gamma * run
        out[t] = run
    return out


def cg(Avp, b, iters):
    x, r = torch.zeros_like(b), b.clone()
    p, rs = r.clone(), r.dot(r)
    for _ in range(iters):
        Ap = Avp(p)
        a = rs / p.dot(Ap)
        x, r = x + a * p, r - a * Ap
        rs_new = r.dot(r)
        p, rs = r + rs_new / rs * p, rs_new
    return x


def npg_step(policy, obs, act, adv, step_size, damping, cg_iters):
    params = list(policy.parameters())
    mean, log_std = policy(obs)
    surr = (gaussian_log_prob(mean, log_std, act) * adv).mean()
    g = torch.cat([t.reshape(-1) for t in torch.autograd.grad(surr, params)])
    mu_old, ls_old = mean.detach(), log_std.detach()

    def fisher_vp(v):
        mu, ls = policy(obs)
        kl = gaussian_kl(mu_old, ls_old, mu, ls)
        grads = torch.autograd.grad(kl, params, create_graph=True)
        flat = torch.cat([t.reshape(-1) for t in grads])
        hvp = torch.autograd.grad((flat * v).sum(), params)
        return torch.cat([t.reshape(-1) for t in hvp]) + damping * v

    nat = cg(fisher_vp, g, cg_iters)
    alpha = torch.sqrt(2 * step_size / (g.dot(nat) + 1e-8))
    with torch.no_grad():
        off = 0
        for p in params:
            n = p.numel()
            p.add_(alpha * nat[off:off + n].view_as(p))
            off += n
    return alpha.item(), nat.norm().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=4)
    ap.add_argument("--episodes", type=int, default=4)
    ap.add_argument("--horizon", type=int, default=40)
    ap.add_argument("--step-size", type=float, default=0.02)
    ap.add_argument("--damping", type=float, default=0.05)
    ap.add_argument("--cg-iters", type=int, default=6)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    obs_dim, act_dim = 6, 2
    policy, baseline = SluiceGatePolicy(obs_dim, act_dim), Baseline(obs_dim)
    b_opt = torch.optim.Adam(baseline.parameters(), lr=1e-2)

    for it in range(args.iters):
        trajs = [simulate_reservoir(policy, args.horizon, obs_dim, act_dim, gen) for _ in range(args.episodes)]
        obs = torch.cat([t["obs"] for t in trajs])
        act = torch.cat([t["act"] for t in trajs])
        ret = torch.cat([discounted(t["rew"], 0.98) for t in trajs])
        with torch.no_grad():
            adv = ret - baseline(obs)
            adv = (adv - adv.mean()) / (adv.std() + 1e-6)
        alpha, nat_norm = npg_step(policy, obs, act, adv, args.step_size, args.damping, args.cg_iters)
        for _ in range(10):
            b_opt.zero_grad()
            F.smooth_l1_loss(baseline(obs), ret).backward()
            b_opt.step()
        LOG.info("iter %d return %.3f alpha %.4f |nat| %.3f", it, ret[0].item(), alpha, nat_norm)

    # the KL Hessian must be a genuine second derivative through the policy
    mu, ls = policy(obs[:8])
    kl = gaussian_kl(mu.detach() + 0.1, ls.detach(), mu, ls)
    (gw,) = torch.autograd.grad(kl, policy.fc1.weight, create_graph=True)
    (hw,) = torch.autograd.grad(gw.pow(2).sum(), policy.fc1.weight)
    assert hw.abs().sum() > 0


if __name__ == "__main__":
    main()
