"""Value function for hot-air-balloon altitude hold, trained on the stationary HJB residual.

State: altitude error, climb rate, envelope temperature, ambient temperature. The only control is the
burner valve (off / on), so the Hamiltonian is minimised over two settings (soft-min). The value network
uses weight-normalised hidden layers (torch.nn.utils.parametrizations.weight_norm) and a spectrally
normalised output layer. A small burner policy is distilled afterwards from the greedy action of the
current value function.
"""
import argparse
import copy
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrizations

ACTIVATIONS = {
    "selu": nn.SELU,
    "softplus": functools.partial(nn.Softplus, beta=4.0),
    "tanh": nn.Tanh,
}


def balloon_dynamics(x, burner):
    """x = [altitude error (100 m), climb rate (m/s), envelope temp (10 C), ambient temp (10 C)]."""
    h, v, t_env, t_amb = x.unbind(-1)
    buoyancy = 0.9 * (t_env - t_amb) - 6.0
    dv = buoyancy - 0.4 * v
    dt_env = 1.5 * burner - 0.12 * (t_env - t_amb)
    return torch.stack([0.01 * v, dv, dt_env, torch.zeros_like(t_amb)], dim=-1)


def running_cost(x, burner, fuel_w):
    return x[:, 0] ** 2 + 0.05 * x[:, 1] ** 2 + fuel_w * burner


class ValueNet(nn.Module):
    def __init__(self, widths, act="selu", weight_norm=True, spectral_last=True):
        super().__init__()
        layers = []
        for i, (a, b) in enumerate(zip(widths[:-1], widths[1:])):
            lin = nn.Linear(a, b)
            last = i == len(widths) - 2
            if last and spectral_last:
                lin = parametrizations.spectral_norm(lin)
            elif weight_norm:
                lin = parametrizations.weight_norm(lin)
            layers.append(lin)
            if not last:
                layers += [nn.LayerNorm(b), ACTIVATIONS[act]()]
        self.body = nn.Sequential(*layers)

    def forward(self, x):
        kinematics = torch.narrow(x, 1, 0, 2)
        thermal = x[:, 2:3] - x[:, 3:4]
        return self.body(torch.cat([kinematics, thermal], dim=1)).squeeze(-1)


class BurnerPolicy(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, hidden), nn.Hardswish(), nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class HJBTrainer:
    def __init__(self, value, policy, args):
        self.value, self.policy, self.args = value, policy, args
        self.opt_v = torch.optim.Adam(value.parameters(), lr=args.lr)
        self.opt_pi = torch.optim.Adam(policy.parameters(), lr=args.lr)
        self.best = (float("inf"), None)

    def sample_states(self, n):
        lo = torch.tensor([-2.0, -3.0, 8.0, 1.0])
        hi = torch.tensor([2.0, 3.0, 11.0, 3.0])
        return lo + (hi - lo) * torch.rand(n, 4)

    def hamiltonians(self, x, dvdx):
        return torch.stack([running_cost(x, u, self.args.fuel_w) + (dvdx * balloon_dynamics(x, u)).sum(-1)
                            for u in (0.0, 1.0)], dim=-1)

    def step(self):
        a = self.args
        x = self.sample_states(a.batch).requires_grad_(True)
        v = self.value(x)
        (dvdx,) = torch.autograd.grad(v.sum(), x, create_graph=True)
        ham = self.hamiltonians(x, dvdx)
        h_min = -a.temp * torch.logsumexp(-ham / a.temp, dim=-1)
        residual = a.rho * v - h_min
        x_goal = torch.tensor([[0.0, 0.0, 9.0, 2.0]])
        loss = residual.pow(2).mean() + a.anchor_w * self.value(x_goal).pow(2).mean()
        self.opt_v.zero_grad()
        loss.backward()
        self.opt_v.step()
        if loss.item() < self.best[0]:
            self.best = (loss.item(), copy.deepcopy(self.value.state_dict()))
        return loss.item()

    def distill_policy(self):
        x = self.sample_states(self.args.batch).requires_grad_(True)
        (dvdx,) = torch.autograd.grad(self.value(x).sum(), x)
        with torch.no_grad():
            target = (self.hamiltonians(x, dvdx).argmin(-1) == 1).float()
        loss = F.binary_cross_entropy_with_logits(self.policy(x.detach()), target)
        self.opt_pi.zero_grad()
        loss.backward()
        self.opt_pi.step()
        return loss.item()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--act", default="selu", choices=sorted(ACTIVATIONS))
    ap.add_argument("--widths", type=int, nargs="+", default=[3, 32, 32, 1])
    ap.add_argument("--rho", type=float, default=0.1)
    ap.add_argument("--temp", type=float, default=0.05)
    ap.add_argument("--fuel-w", type=float, default=0.3)
    ap.add_argument("--anchor-w", type=float, default=1.0)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--steps", type=int, default=4)
    args = ap.parse_args()

    torch.manual_seed(0)
    trainer = HJBTrainer(ValueNet(args.widths, args.act), BurnerPolicy(), args)
    for it in range(args.steps):
        lv = trainer.step()
        lp = trainer.distill_policy()
        print(f"step {it} hjb {lv:.4f} policy-bce {lp:.4f}")
    trainer.value.load_state_dict(trainer.best[1])
    print("reloaded best value net, loss", round(trainer.best[0], 4))
