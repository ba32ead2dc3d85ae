"""Learned simulator for beads in a granular hopper, trained through its own force gradient.

A pair energy E(r_ij) plus a bond-angle term gives the potential; forces are -dE/dpos with
create_graph=True and a short velocity-Verlet rollout is compared with reference trajectories.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_BEADS = 6
DT = 0.02


class PairEnergy(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(1, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)
        self.smooth = nn.CELU(alpha=0.5)

    def forward(self, r):
        h = F.elu(self.fc1(r))
        h = self.smooth(self.fc2(h))
        return self.fc3(h)


class BeadPotential(nn.Module):
    def __init__(self):
        super().__init__()
        self.pair = PairEnergy()
        self.k_angle = nn.Parameter(torch.tensor(0.3))

    def forward(self, pos):
        i, j = torch.triu_indices(N_BEADS, N_BEADS, offset=1)
        d = pos[:, j] - pos[:, i]
        r = (d.pow(2).sum(-1, keepdim=True) + 1e-6).sqrt()
        e_pair = self.pair(r).sum(dim=(1, 2))
        bonds = pos[:, 1:] - pos[:, :-1]
        unit = F.normalize(bonds, dim=-1)
        cos_angle = (unit[:, 1:] * unit[:, :-1]).sum(-1)
        e_angle = self.k_angle * (1 - cos_angle).sum(-1)
        return e_pair + e_angle


def forces(potential, pos):
    if not pos.requires_grad:
        pos = pos.requires_grad_(True)
    energy = potential(pos).sum()
    return -torch.autograd.grad(energy, pos, create_graph=True)[0]


def rollout(potential, pos, vel, n_steps):
    traj = []
    f = forces(potential, pos)
    for _ in range(n_steps):
        vel_half = vel + 0.5 * DT * f
        pos = pos + DT * vel_half
        f = forces(potential, pos)
        vel = vel_half + 0.5 * DT * f
        traj.append(pos)
    return torch.stack(traj, 1)


def reference_trajectories(batch=4, n_steps=5):
    """Ground truth from a soft-sphere + gravity model, generated once without gradients."""
    pos = torch.rand(batch, N_BEADS, 2)
    vel = torch.zeros_like(pos)
    start = pos.clone()
    out = []
    with torch.no_grad():
        for _ in range(n_steps):
            d = pos.unsqueeze(2) - pos.unsqueeze(1)
            r = d.norm(dim=-1, keepdim=True) + torch.eye(N_BEADS).unsqueeze(-1)
            push = (F.softplus(0.3 - r, beta=20) * d / r).sum(2)
            acc = push + torch.tensor([0.0, -1.0])
            vel = vel + DT * acc
            pos = pos + DT * vel
            out.append(pos)
    return start, torch.zeros_like(start), torch.stack(out, 1)


def main(iters=5):
    torch.manual_seed(8)
    potential = BeadPotential()
    opt = torch.optim.Adam(potential.parameters(), lr=5e-3)
    for it in range(iters):
        pos0, vel0, target = reference_trajectories()
        pred = rollout(potential, pos0, vel0, target.shape[1])
        loss = F.mse_loss(pred, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} rollout mse {loss.item():.5f}")


if __name__ == "__main__":
    main()
