"""Learning a neural Lyapunov function and a linear-feedback controller for an inverted pendulum (Chang et al.
2019 style). V(x) = ||phi(x) - phi(0)||^2 + a||x||^2; the Lie derivative dV/dx . f(x, u(x)) is taken with
create_graph=True and its positive part is penalised. The actuator has a dead zone (hard shrink)."""
import torch
import torch.nn as nn

G, L, M, B = 9.81, 0.5, 0.15, 0.1


class LyapunovNet(nn.Module):
    def __init__(self, n=2, hidden=64, alpha=1e-2):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(n, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
                                 nn.Linear(hidden, hidden))
        self.alpha = alpha

    def forward(self, x):
        h = self.phi(x) - self.phi(torch.zeros_like(x))
        return (h ** 2).sum(-1) + self.alpha * (x ** 2).sum(-1)


class DeadzoneController(nn.Module):
    def __init__(self, n=2, u_max=6.0, deadzone=0.05):
        super().__init__()
        self.K = nn.Linear(n, 1, bias=False)
        self.dz = nn.Hardshrink(lambd=deadzone)
        self.u_max = u_max

    def forward(self, x):
        return self.u_max * torch.tanh(self.dz(self.K(x)) / self.u_max)


def pendulum(x, u):
    theta, omega = x[:, 0], x[:, 1]
    dtheta = omega
    domega = (M * G * L * torch.sin(theta) - B * omega + u.squeeze(-1)) / (M * L ** 2)
    return torch.stack([dtheta, domega], dim=1)


def lyapunov_risk(V, ctrl, x, eps=0.1):
    x = x.requires_grad_(True)
    v = V(x)
    dVdx, = torch.autograd.grad(v.sum(), x, create_graph=True)
    lie = (dVdx * pendulum(x, ctrl(x))).sum(-1)
    return torch.relu(-v).mean() + torch.relu(lie + eps * v).mean() + V(torch.zeros(1, 2)).pow(2).sum()


def train(n_iter=2000, n_samples=500, box=6.0):
    V, ctrl = LyapunovNet(), DeadzoneController()
    opt = torch.optim.Adam(list(V.parameters()) + list(ctrl.parameters()), lr=1e-2)
    for it in range(n_iter):
        x = (torch.rand(n_samples, 2) * 2 - 1) * box
        loss = lyapunov_risk(V, ctrl, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return V, ctrl


if __name__ == "__main__":
    train(n_iter=2, n_samples=16)
