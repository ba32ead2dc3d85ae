"""Separable Hamiltonian network for two pendulum clocks hanging from a shared, elastically supported beam
(Huygens' "odd sympathy").  H(q, p) = T(p) + V(q) with q = (theta_1, theta_2, beam displacement).
Trained through multi-step leapfrog (Stormer-Verlet) rollouts: every half step needs dV/dq or dT/dp, which
are taken with create_graph while training so the rollout error can be backpropagated.  A small linear
damping of the momenta models the escapement losses.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--dt", type=float, default=0.05)
    ap.add_argument("--horizon", type=int, default=6)
    ap.add_argument("--n-traj", type=int, default=16)
    ap.add_argument("--traj-len", type=int, default=40)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=1e-3)
    return ap.parse_args()


# ----------------------------------------------------------------------------- ground truth (simulator)
G_OVER_L, K_BEAM, COUPLING = 9.81 / 0.25, 40.0, 1.5
M_INV = torch.tensor([1.0, 1.0, 0.2])


def true_dVdq(q):
    th1, th2, x = q.unbind(-1)
    return torch.stack([G_OVER_L * torch.sin(th1) + COUPLING * x * torch.cos(th1),
                        G_OVER_L * torch.sin(th2) + COUPLING * x * torch.cos(th2),
                        K_BEAM * x + COUPLING * (torch.sin(th1) + torch.sin(th2))], -1)


@torch.no_grad()
def simulate(n_traj, steps, dt, substeps=10):
    q = torch.stack([0.4 * torch.randn(n_traj), 0.4 * torch.randn(n_traj), 0.02 * torch.randn(n_traj)], -1)
    p = 0.3 * torch.randn(n_traj, 3)
    h = dt / substeps
    qs, ps = [q], [p]
    for _ in range(steps - 1):
        for _ in range(substeps):
            p = p - 0.5 * h * true_dVdq(q)
            q = q + h * M_INV * p
            p = p - 0.5 * h * true_dVdq(q)
            p = p * (1.0 - 0.02 * h)
        qs.append(q)
        ps.append(p)
    return torch.stack(qs, 1), torch.stack(ps, 1)


# ----------------------------------------------------------------------------- model
class PotentialNet(nn.Module):
    """V(q): angles enter through (cos, sin) so V is 2*pi periodic in theta."""

    def __init__(self, hidden):
        super().__init__()
        self.l1 = nn.Linear(5, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, q):
        th1, th2, x = q[..., 0], q[..., 1], q[..., 2]
        feats = torch.stack([torch.cos(th1), torch.sin(th1), torch.cos(th2), torch.sin(th2), x], -1)
        h = F.selu(self.l1(feats))
        h = F.selu(self.l2(h))
        return self.out(h).squeeze(-1)


class SeparableHNN(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.potential = PotentialNet(hidden)
        self.kinetic = nn.Sequential(
            nn.Linear(3, hidden),
            nn.Hardswish(),
            nn.Linear(hidden, hidden),
            nn.Tanh(),
            nn.Linear(hidden, 1),
        )
        self.raw_gamma = nn.Parameter(torch.tensor(0.1))

    @property
    def gamma(self):
        return F.relu6(self.raw_gamma) / 6.0

    def _grad(self, fn, z):
        with torch.enable_grad():
            if not z.requires_grad:
                z = z.requires_grad_(True)
            e = fn(z).sum()
            return torch.autograd.grad(e, z, create_graph=self.training)[0]

    def dVdq(self, q):
        return self._grad(self.potential, q)

    def dTdp(self, p):
        return self._grad(lambda z: self.kinetic(z).squeeze(-1), p)

    def leapfrog(self, q, p, dt):
        p = p - 0.5 * dt * self.dVdq(q)
        q = q + dt * self.dTdp(p)
        p = p - 0.5 * dt * self.dVdq(q)
        return q, p * (1.0 - self.gamma * dt)

    def energy(self, q, p):
        return self.potential(q) + self.kinetic(p).squeeze(-1)


def windows(qs, ps, horizon):
    n, L, _ = qs.shape
    starts = torch.arange(0, L - horizon)
    q0 = qs[:, starts].reshape(-1, 3)
    p0 = ps[:, starts].reshape(-1, 3)
    idx = starts.unsqueeze(1) + torch.arange(1, horizon + 1)
    qt = qs[:, idx].reshape(-1, horizon, 3)
    pt = ps[:, idx].reshape(-1, horizon, 3)
    return q0, p0, qt, pt


def energy_drift(model, q, p, dt, steps=100):
    model.eval()
    with torch.no_grad():
        e0 = model.energy(q, p)
        for _ in range(steps):
            q, p = model.leapfrog(q, p, dt)
        e1 = model.energy(q, p)
    model.train()
    return (e1 - e0).abs().mean().item()


def main():
    args = get_args()
    torch.manual_seed(7)
    qs, ps = simulate(args.n_traj, args.traj_len, args.dt)
    q0, p0, qt, pt = windows(qs, ps, args.horizon)
    model = SeparableHNN(args.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    for epoch in range(args.epochs):
        perm = torch.randperm(len(q0))[: 4 * args.batch]
        for b in perm.split(args.batch):
            q, p = q0[b].clone(), p0[b].clone()
            loss = 0.0
            for k in range(args.horizon):
                q, p = model.leapfrog(q, p, args.dt)
                loss = loss + ((q - qt[b, k]) ** 2).mean() + ((p - pt[b, k]) ** 2).mean()
            loss = loss / args.horizon
            opt.zero_grad()
            loss.backward()
            opt.step()
        drift = energy_drift(model, q0[:8], p0[:8], args.dt)
        print(f"epoch {epoch}: rollout loss {loss.item():.4e}  gamma {model.gamma.item():.4f}  |dH| over 100 steps {drift:.3e}")


if __name__ == "__main__":
    main()
