"""Deep Lagrangian Networks (Lutter et al. 2019) for a 2-link arm: learn M(q) = L L^T + eps*I and V(q), then
fit measured torques tau = d/dt(dL/dqd) - dL/dq computed with autograd (double-vjp trick for the jvp)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DeLaN(nn.Module):
    def __init__(self, dof=2, hidden=64, eps=1e-3):
        super().__init__()
        self.dof, self.eps = dof, eps
        self.trunk = nn.Sequential(nn.Linear(dof, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.l_diag = nn.Linear(hidden, dof)
        self.l_off = nn.Linear(hidden, dof * dof)
        self.potential = nn.Linear(hidden, 1)

    def mass_matrix(self, q):
        h = self.trunk(q)
        d = F.softplus(self.l_diag(h)) + 1e-2
        L = torch.tril(self.l_off(h).view(-1, self.dof, self.dof), diagonal=-1)
        L = L + d[..., None] * torch.eye(self.dof)
        return L @ L.transpose(1, 2) + self.eps * torch.eye(self.dof), self.potential(h).squeeze(-1)

    def lagrangian(self, q, qd):
        M, V = self.mass_matrix(q)
        T = 0.5 * (qd[:, None, :] @ M @ qd[:, :, None]).squeeze(-1).squeeze(-1)
        return T - V


def inverse_dynamics(model, q, qd, qdd):
    q = q.requires_grad_(True)
    qd = qd.requires_grad_(True)
    lag = model.lagrangian(q, qd).sum()
    p, dL_dq = torch.autograd.grad(lag, (qd, q), create_graph=True)
    m_qdd = torch.autograd.grad(p, qd, grad_outputs=qdd, create_graph=True)[0]
    u = torch.zeros_like(p, requires_grad=True)
    vjp = torch.autograd.grad(p, q, grad_outputs=u, create_graph=True)[0]
    dp_dq_qd = torch.autograd.grad(vjp, u, grad_outputs=qd, create_graph=True)[0]
    return m_qdd + dp_dq_qd - dL_dq


def main(steps=3, n=64):
    model = DeLaN()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, amsgrad=True)
    for s in range(steps):
        q, qd, qdd = torch.randn(n, 2), torch.randn(n, 2), torch.randn(n, 2)
        tau = torch.randn(n, 2)
        loss = F.mse_loss(inverse_dynamics(model, q, qd, qdd), tau)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(s, loss.item())


if __name__ == "__main__":
    main()
