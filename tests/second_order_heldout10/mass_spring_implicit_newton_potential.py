"""Learning a pairwise interaction potential for a mass-spring cloth from trajectories.

The simulator takes implicit-Euler steps; each step solves for the next positions with a few Newton
iterations whose Hessian comes from autograd (torch.autograd.functional.hessian, create_graph=True),
so training the potential differentiates through second derivatives of the energy.
"""
import torch
import torch.nn as nn
from torch.autograd.functional import hessian


class PairPotential(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(1, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(),
                                 nn.Linear(width, 1))

    def forward(self, pos):
        iu = torch.triu_indices(pos.size(0), pos.size(0), offset=1)
        r = (pos[iu[0]] - pos[iu[1]]).norm(dim=-1, keepdim=True)
        return self.mlp(r).sum()


def implicit_step(potential, x, v, dt=0.02, mass=1.0, newton_iters=2):
    n, d = x.shape
    y = x + dt * v

    def objective(flat):
        p = flat.view(n, d)
        inertia = 0.5 * mass * ((p - x - dt * v) ** 2).sum() / dt ** 2
        return inertia + potential(p)

    flat = y.reshape(-1)
    for _ in range(newton_iters):
        if not flat.requires_grad:
            flat = flat.requires_grad_(True)
        g = torch.autograd.grad(objective(flat), flat, create_graph=True)[0]
        H = hessian(objective, flat, create_graph=True)
        flat = flat - torch.linalg.solve(H + 1e-3 * torch.eye(H.size(0)), g)
    x_new = flat.view(n, d)
    return x_new, (x_new - x) / dt


def main():
    torch.manual_seed(0)
    pot = PairPotential()
    opt = torch.optim.Adam(pot.parameters(), lr=1e-3)
    traj = torch.cumsum(0.01 * torch.randn(4, 6, 2), dim=0) + torch.randn(1, 6, 2)
    for epoch in range(2):
        x, v = traj[0], torch.zeros_like(traj[0])
        loss = 0.0
        for t in range(1, traj.size(0)):
            x, v = implicit_step(pot, x, v)
            loss = loss + ((x - traj[t]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, loss.item())


if __name__ == "__main__":
    main()
