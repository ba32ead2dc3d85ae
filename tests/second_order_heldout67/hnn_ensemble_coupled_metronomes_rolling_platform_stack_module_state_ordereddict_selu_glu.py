"""Deep ensemble of Hamiltonian neural networks for two metronomes on a rolling platform.

State s = (theta1, theta2, x, p1, p2, px).  Each member learns a scalar H(s); the vector field is
J grad_s H.  The members are trained together: their parameters are stacked with
torch.func.stack_module_state and the whole ensemble is evaluated with vmap over functional_call
of a stateless copy on the meta device.  The ensemble spread of the predicted field is logged as an
epistemic-uncertainty signal for choosing new sync experiments.
"""
import argparse
import copy
import logging
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, stack_module_state, vmap

log = logging.getLogger("metronome_hnn")


def make_member(width=64):
    return nn.Sequential(OrderedDict([
        ("fc1", nn.Linear(8, width)),
        ("act1", nn.SELU()),
        ("fc2", nn.Linear(width, 2 * width)),
        ("gate", nn.GLU(dim=-1)),
        ("act2", nn.Softplus()),
        ("out", nn.Linear(width, 1)),
    ]))


def features(s):
    th1, th2, x, p1, p2, px = s.unbind(-1)
    return torch.stack([torch.sin(th1), torch.cos(th1), torch.sin(th2), torch.cos(th2), x, p1, p2, px], -1)


def true_field(s, k=2.0, c=0.3):
    """H = |p|^2/2 + (1-cos th1) + (1-cos th2) + k x^2/2 + c x (sin th1 + sin th2)."""
    th1, th2, x, p1, p2, px = s.unbind(-1)
    dth1, dth2, dx = p1, p2, px
    dp1 = -torch.sin(th1) - c * x * torch.cos(th1)
    dp2 = -torch.sin(th2) - c * x * torch.cos(th2)
    dpx = -k * x - c * (torch.sin(th1) + torch.sin(th2))
    return torch.stack([dth1, dth2, dx, dp1, dp2, dpx], -1)


def build_ensemble(n_members):
    members = [make_member() for _ in range(n_members)]
    params, buffers = stack_module_state(members)
    base = copy.deepcopy(members[0]).to("meta")

    def hamiltonian(p, b, s):
        return functional_call(base, (p, b), (features(s).unsqueeze(0),)).squeeze()

    dH = grad(hamiltonian, argnums=2)

    def field(p, b, s):
        g = dH(p, b, s)
        return torch.cat([g[3:], -g[:3]])

    per_state = vmap(field, in_dims=(None, None, 0))
    ensemble_field = vmap(per_state, in_dims=(0, 0, None))
    return params, buffers, ensemble_field


@torch.no_grad()
def rollout_error(params, buffers, ensemble_field, s0, dt=0.05, n=20):
    s_hat, s_true, errs = s0.clone(), s0.clone(), []
    for _ in range(n):
        s_hat = s_hat + dt * ensemble_field(params, buffers, s_hat).mean(0)
        s_true = s_true + dt * true_field(s_true)
        errs.append(F.smooth_l1_loss(s_hat, s_true, beta=0.05))
    return torch.stack(errs).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--members", type=int, default=4)
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--batch", type=int, default=64)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    params, buffers, ensemble_field = build_ensemble(args.members)
    opt = torch.optim.Adam(params.values(), lr=2e-3)
    for step in range(args.steps):
        s = torch.randn(args.batch, 6) * torch.tensor([0.6, 0.6, 0.3, 0.8, 0.8, 0.5])
        target = true_field(s)
        pred = ensemble_field(params, buffers, s)          # (members, batch, 6)
        loss = (pred - target).pow(2).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        g = params["fc1.weight"].grad
        opt.step()
        spread = pred.detach().std(0).mean()
        log.info("step %d field mse %.4f spread %.4f |grad fc1| %.3e", step, loss.item(), spread.item(), g.norm().item())

    s0 = torch.tensor([[0.4, -0.3, 0.0, 0.0, 0.0, 0.0]])
    log.info("rollout smooth-L1 %.4f", rollout_error(params, buffers, ensemble_field, s0).item())


if __name__ == "__main__":
    main()
