"""Hybrid rainfall-runoff model of a small upland catchment, calibrated by Levenberg-Marquardt (first order).

Effective rainfall comes from a small neural loss module (antecedent-wetness dependent); routing is a Nash
cascade of n linear reservoirs with residence time k. All parameters form one flat vector; the residual
Jacobian comes from torch.func.jacrev and the update is (J^T J + lam D) dtheta = -J^T r. An exact-Hessian
"polish" step exists but is switched off in the config.
"""
import argparse
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacfwd, jacrev


@dataclass
class Cfg:
    iters: int = 3
    days: int = 90
    n_reservoirs: int = 3
    lam0: float = 1.0
    polish: bool = False


class LossModule(nn.Module):
    """Runoff coefficient in (0, 1) from (rain, antecedent precipitation index, day-of-year)."""

    def __init__(self, width=12):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, width), nn.PReLU(), nn.Linear(width, width))
        self.out = nn.Linear(width, 1)

    def forward(self, feats):
        return torch.sigmoid(self.out(F.elu(self.net(feats)))).squeeze(-1)


def nash_unit_hydrograph(n, log_k, length):
    t = torch.arange(length, dtype=torch.float32) + 0.5
    k = torch.exp(log_k)
    uh = t ** (n - 1) * torch.exp(-t / k) / (math.factorial(n - 1) * k ** n)
    return uh / uh.sum()


def flatten(params):
    names = list(params)
    shapes = [params[k].shape for k in names]
    flat = torch.cat([params[k].reshape(-1) for k in names])

    def unflatten(v):
        out, i = {}, 0
        for name, shp in zip(names, shapes):
            n = math.prod(shp)
            out[name] = v[i:i + n].view(shp)
            i += n
        return out

    return flat, unflatten


def make_residual(module, unflatten, feats, rain, q_obs, n_res):
    def simulate(theta):
        params = unflatten(theta[1:])
        coef = functional_call(module, params, (feats,))
        uh = nash_unit_hydrograph(n_res, theta[0], 30)
        eff = (coef * rain).view(1, 1, -1)
        return F.conv1d(F.pad(eff, (len(uh) - 1, 0)), uh.flip(0).view(1, 1, -1)).view(-1)

    return lambda theta: (simulate(theta) - q_obs) / q_obs.std()


def synthetic_catchment(days, gen):
    rain = torch.distributions.Gamma(0.4, 0.08).sample((days,)) * (torch.rand(days, generator=gen) < 0.4)
    api = torch.zeros(days)
    for d in range(1, days):
        api[d] = 0.9 * api[d - 1] + rain[d - 1]
    doy = torch.arange(days) / 365.0
    coef = 0.15 + 0.6 * (1 - torch.exp(-api / 30))
    uh = nash_unit_hydrograph(3, torch.tensor(math.log(2.5)), 30)
    q = F.conv1d(F.pad((coef * rain).view(1, 1, -1), (29, 0)), uh.flip(0).view(1, 1, -1)).view(-1)
    feats = torch.stack([rain / 20, api / 50, torch.sin(2 * math.pi * doy)], -1)
    return feats, rain, q + 0.05 * torch.randn(days, generator=gen) + 0.1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=Cfg.iters)
    cfg = Cfg(iters=ap.parse_args().iters)
    gen = torch.Generator().manual_seed(13)
    torch.manual_seed(13)

    feats, rain, q_obs = synthetic_catchment(cfg.days, gen)
    module = LossModule()
    flat, unflatten = flatten({k: v.detach() for k, v in module.named_parameters()})
    theta = torch.cat([torch.tensor([math.log(1.5)]), flat])
    residual = make_residual(module, unflatten, feats, rain, q_obs, cfg.n_reservoirs)
    jac = jacrev(residual)
    exact_hessian = lambda f: jacfwd(jacrev(f))
    lam = cfg.lam0
    for it in range(cfg.iters):
        r, J = residual(theta), jac(theta)
        with torch.no_grad():
            JTJ = J.T @ J
            damp = torch.diag(JTJ.diagonal()) + torch.eye(len(theta))
            step = torch.linalg.solve(JTJ + lam * damp, -J.T @ r)
            new_r = residual(theta + step)
            if new_r.pow(2).sum() < r.pow(2).sum():
                theta, lam = theta + step, lam / 3
            else:
                lam = lam * 4
        print(f"iter {it} sse={r.pow(2).sum().item():.4f} lam={lam:.2e} k={math.exp(theta[0].item()):.2f} d")
    if cfg.polish:
        H = exact_hessian(lambda th: 0.5 * residual(th).pow(2).sum())(theta)
        theta = theta - torch.linalg.solve(H, jac(theta).T @ residual(theta))
    nse = 1 - residual(theta).pow(2).sum() / ((q_obs - q_obs.mean()) / q_obs.std()).pow(2).sum()
    print(f"NSE {nse.item():.3f}")


if __name__ == "__main__":
    main()
