import torch
import torch.nn as nn


def gradient(y, x, create_graph=True):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=create_graph)[0]


class SeparableHamiltonian(nn.Module):
    """H(q, p) = T(p) + V(q); T is a learned convex-ish kinetic term, V a learned potential."""

    def __init__(self, dof, hidden):
        super().__init__()
        self.dof = dof
        self.potential = nn.Sequential(nn.Linear(2 * dof, hidden), nn.Tanh(),
                                       nn.Linear(hidden, hidden), nn.Tanh(), nn.Linear(hidden, 1))
        self.kin_in = nn.Linear(dof, hidden)
        self.kin_act = nn.PReLU(hidden, init=0.1)
        self.kin_out = nn.Linear(hidden, 1)

    def forward(self, x):
        q = x[..., :self.dof]
        p = x.narrow(-1, self.dof, self.dof)
        # angles enter the potential through (cos, sin) so V is 2*pi periodic
        V = self.potential(torch.cat([torch.cos(q), torch.sin(q)], -1))
        T = self.kin_out(self.kin_act(self.kin_in(p))) + 0.5 * (p ** 2).sum(-1, keepdim=True)
        return (T + V).squeeze(-1)


class HamiltonianField(nn.Module):
    def __init__(self, hamiltonian):
        super().__init__()
        self.H = hamiltonian
        d = hamiltonian.dof
        J = torch.zeros(2 * d, 2 * d)
        J[:d, d:] = torch.eye(d)
        J[d:, :d] = -torch.eye(d)
        self.register_buffer("J", J)

    def forward(self, x, create_graph=True):
        with torch.enable_grad():
            if not x.requires_grad:
                x = x.requires_grad_(True)
            H = self.H(x)
            dH = gradient(H, x, create_graph=create_graph)
        return dH @ self.J.T
