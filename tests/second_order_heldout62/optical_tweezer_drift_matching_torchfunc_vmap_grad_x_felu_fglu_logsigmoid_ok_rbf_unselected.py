"""Learn the trapping potential of an optically trapped bead from Brownian trajectories (drift matching).

Biophysics lab: a 1 um silica bead in a single-beam trap near a coverslip, positions (x, y, z) in units of 100 nm.
For overdamped Langevin dynamics dx = -(D / kT) grad U(x) dt + sqrt(2 D dt) xi, the drift estimator (x_{t+1} - x_t)/dt
regresses onto -(D / kT) grad U_theta(x_t).  grad U is a torch.func.grad w.r.t. x (vmapped over samples) of a
functional_call of the potential network, so the loss is differentiated twice when it is back-propagated into theta.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


class EluPotential(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(3, hidden)
        self.fc2 = nn.Linear(hidden, 2 * hidden)
        self.out = nn.Linear(hidden, 1)
        self.wall_height = nn.Parameter(torch.tensor(1.0))
        self.wall_range = nn.Parameter(torch.tensor(0.5))

    def forward(self, x):
        h = F.elu(self.fc1(x))
        h = F.glu(self.fc2(h), dim=-1)
        trap = self.out(h).squeeze(-1)
        z_gap = x[..., 2] + 3.0
        wall = -self.wall_height * F.logsigmoid((z_gap - 1.0) / self.wall_range.abs().clamp_min(0.05))
        return trap + wall


class RBFPotential(nn.Module):
    """Radial-basis alternative used for the dual-trap setup."""

    def __init__(self, n_centres=16):
        super().__init__()
        self.centres = nn.Parameter(torch.randn(n_centres, 3))
        self.weights = nn.Parameter(torch.zeros(n_centres))

    def forward(self, x):
        d = x.unsqueeze(-2) - self.centres
        dirs = F.normalize(d, dim=-1)
        return (self.weights * torch.exp(-(d * dirs).sum(-1) ** 2)).sum(-1)


POTENTIALS = {"mlp_elu": EluPotential, "rbf": RBFPotential}
SETUP = {"potential": "mlp_elu", "D_over_kT": 1.0, "dt": 1e-3, "lr": 2e-3, "batch": 256}


def make_force_fn(model):
    def energy(params, x):
        return functional_call(model, params, (x,))
    dUdx = grad(energy, argnums=1)
    return vmap(dUdx, in_dims=(None, 0))


def simulate_true_trap(n_steps, dt, gen, k=(1.0, 1.0, 0.3)):
    k = torch.tensor(k)
    x = torch.zeros(3)
    traj = [x]
    for _ in range(n_steps):
        x = x - k * x * dt + (2 * dt) ** 0.5 * torch.randn(3, generator=gen)
        traj.append(x)
    return torch.stack(traj)


def drift_matching_loss(force_fn, params, x_t, x_next, dt, d_over_kt):
    drift_obs = (x_next - x_t) / dt
    drift_pred = -d_over_kt * force_fn(params, x_t)
    return (drift_obs - drift_pred).pow(2).sum(-1).mean() * dt


def langevin_validation(force_fn, params, n_steps, dt, gen):
    """Simulate the learned potential; first-order force evaluations only, nothing is back-propagated."""
    frozen = {k: v.detach() for k, v in params.items()}
    x = torch.zeros(64, 3)
    for _ in range(n_steps):
        x = x - force_fn(frozen, x) * dt + (2 * dt) ** 0.5 * torch.randn(x.shape, generator=gen)
    return x.var(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--traj-len", type=int, default=4000)
    args = ap.parse_args()
    torch.manual_seed(4)
    gen = torch.Generator().manual_seed(4)
    traj = simulate_true_trap(args.traj_len, SETUP["dt"], gen)

    model = POTENTIALS[SETUP["potential"]]()
    params = dict(model.named_parameters())
    force_fn = make_force_fn(model)
    opt = torch.optim.Adam(params.values(), lr=SETUP["lr"])
    for step in range(args.steps):
        idx = torch.randint(0, len(traj) - 1, (SETUP["batch"],), generator=gen)
        loss = drift_matching_loss(force_fn, params, traj[idx], traj[idx + 1], SETUP["dt"], SETUP["D_over_kT"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} drift-matching loss {loss.item():.4f}")
    print("stationary variance of learned trap:", langevin_validation(force_fn, params, 200, 1e-2, gen).tolist())


if __name__ == "__main__":
    main()
