"""Learned torsional potential of a molecular rotor, integrated with implicit Euler; each step solves
the implicit equation with Newton iterations that use the Hessian of the learned potential.

Training matches simulated angles to reference trajectories, so the potential net is differentiated
through forces (dV/dq), the Newton Jacobian (d2V/dq2) and the trajectory loss.
"""
import torch
import torch.nn as nn

torch.manual_seed(0)
DT = 0.05


class Potential(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.inp = nn.Linear(2, hidden)
        self.act = nn.PReLU()
        self.hid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, q):
        feats = torch.cat([torch.sin(q), torch.cos(q)], dim=-1)
        h = self.act(self.inp(feats))
        h = torch.tanh(self.hid(h))
        return self.out(h).sum()


def force(V, q):
    return -torch.autograd.grad(V(q), q, create_graph=True)[0]


def implicit_euler_step(V, q, p, newton_iters=2):
    q_next = (q + DT * p).detach().requires_grad_(True)
    for _ in range(newton_iters):
        resid = q_next - q - DT * p - DT * DT * force(V, q_next)
        dres = 1.0 - DT * DT * torch.autograd.grad(force(V, q_next).sum(), q_next, create_graph=True)[0]
        q_next = q_next - resid / dres
    p_next = (q_next - q) / DT
    return q_next, p_next


V = Potential()
opt = torch.optim.Adam(V.parameters(), lr=1e-3)
ref = torch.cumsum(0.1 * torch.ones(6, 4, 1), dim=0)
for epoch in range(2):
    q = torch.zeros(4, 1, requires_grad=True)
    p = torch.full((4, 1), 2.0)
    loss = 0.0
    for t in range(ref.shape[0]):
        q, p = implicit_euler_step(V, q, p)
        loss = loss + (q - ref[t]).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
