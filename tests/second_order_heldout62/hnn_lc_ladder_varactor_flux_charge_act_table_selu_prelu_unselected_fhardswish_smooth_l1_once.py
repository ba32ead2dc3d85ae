"""Hamiltonian neural network for a lossless LC ladder filter with varactor (nonlinear) shunt capacitors.

State x = (q, phi): node charges of the shunt capacitors and fluxes of the series inductors. The network learns
H(q, phi) = T(phi) + U(q); the vector field is dq/dt = dH/dphi, dphi/dt = -dH/dq, obtained with autograd and
create_graph=True so that the vector-field loss can be back-propagated into the parameters of H.
Circuit-lab notebook code, trimmed to a script.
"""
import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class HNNConfig:
    n_sections: int = 3
    hidden: int = 32
    depth: int = 2
    act: str = "selu"
    lr: float = 2e-3
    steps: int = 4
    batch: int = 64
    dt: float = 0.02
    rollout_len: int = 12
    huber_beta: float = 0.05
    seed: int = 0


ACTIVATIONS = {
    "selu": nn.SELU,
    "prelu": nn.PReLU,
    "tanh": nn.Tanh,
}


def make_mlp(n_in, hidden, depth, act):
    layers, d = [], n_in
    for _ in range(depth):
        layers += [nn.Linear(d, hidden), ACTIVATIONS[act]()]
        d = hidden
    layers.append(nn.Linear(d, 1))
    return nn.Sequential(*layers)


class CapacitorPotential(nn.Module):
    """U(q): one small net per shunt capacitor plus a learned quadratic coupling between neighbours."""

    def __init__(self, n, hidden):
        super().__init__()
        self.q_in = nn.Linear(1, hidden)
        self.q_out = nn.Linear(hidden, 1)
        self.coupling = nn.Parameter(0.1 * torch.ones(n - 1))

    def forward(self, q):
        h = F.hardswish(self.q_in(q.unsqueeze(-1)))
        local = self.q_out(h).squeeze(-1).sum(-1)
        dq = q[:, 1:] - q[:, :-1]
        return local + 0.5 * (self.coupling * dq ** 2).sum(-1)


class LadderHNN(nn.Module):
    def __init__(self, cfg: HNNConfig):
        super().__init__()
        self.n = cfg.n_sections
        self.kinetic = make_mlp(self.n, cfg.hidden, cfg.depth, cfg.act)
        self.potential = CapacitorPotential(self.n, cfg.hidden)

    def hamiltonian(self, x):
        q, phi = x[:, : self.n], x[:, self.n:]
        return self.kinetic(phi).squeeze(-1) + self.potential(q)

    def time_derivative(self, x, create_graph=True):
        if not x.requires_grad:
            x = x.requires_grad_(True)
        H = self.hamiltonian(x)
        dH = torch.autograd.grad(H.sum(), x, create_graph=create_graph)[0]
        dHdq, dHdphi = dH[:, : self.n], dH[:, self.n:]
        return torch.cat([dHdphi, -dHdq], dim=-1)


def true_field(x, n, L=1.0, C0=1.0, alpha=0.3):
    """Reference ladder: series inductors L, varactors with U_i = q_i^2 / 2C0 + alpha q_i^4 / 4."""
    q, phi = x[:, :n], x[:, n:]
    dqdt = phi / L
    v = q / C0 + alpha * q ** 3
    dphidt = torch.zeros_like(phi)
    dphidt[:, :-1] = v[:, 1:] - v[:, :-1]
    dphidt[:, -1] = -v[:, -1]
    return torch.cat([dqdt, dphidt], dim=-1)


def sample_states(batch, n, gen):
    return torch.randn(batch, 2 * n, generator=gen) * 0.8


def leapfrog_rollout(model, x0, dt, steps):
    """Evaluation rollout: first-order autograd only, every step detached."""
    xs, x = [x0], x0
    with torch.enable_grad():
        for _ in range(steps):
            k1 = model.time_derivative(x.detach().clone(), create_graph=False)
            x_mid = (x + 0.5 * dt * k1).detach()
            k2 = model.time_derivative(x_mid.clone(), create_graph=False)
            x = (x + dt * k2).detach()
            xs.append(x)
    return torch.stack(xs, 1)


@torch.no_grad()
def energy_drift_report(model, traj):
    b, t, d = traj.shape
    flat = traj.reshape(b * t, d)
    with torch.enable_grad():
        e = model.hamiltonian(flat.requires_grad_(True)).detach().reshape(b, t)
    smooth = F.avg_pool1d(e.unsqueeze(1), kernel_size=3, stride=1, padding=1).squeeze(1)
    return (smooth[:, -1] - smooth[:, 0]).abs().mean().item()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=HNNConfig.steps)
    p.add_argument("--batch", type=int, default=HNNConfig.batch)
    args = p.parse_args()
    cfg = HNNConfig(steps=args.steps, batch=args.batch)
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)

    model = LadderHNN(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x = sample_states(cfg.batch, cfg.n_sections, gen)
        target = true_field(x, cfg.n_sections)
        model.train()
        pred = model.time_derivative(x.clone())
        loss = F.smooth_l1_loss(pred, target, beta=cfg.huber_beta)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} vector-field loss {loss.item():.4f}")

    model.eval()
    x0 = sample_states(8, cfg.n_sections, gen)
    traj = leapfrog_rollout(model, x0, cfg.dt, cfg.rollout_len)
    print(f"rollout {tuple(traj.shape)} energy drift {energy_drift_report(model, traj):.3e}")


if __name__ == "__main__":
    main()
