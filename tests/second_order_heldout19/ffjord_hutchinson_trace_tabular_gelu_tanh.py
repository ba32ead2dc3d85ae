# FFJORD-style continuous normalizing flow on tabular data (POWER-like), Hutchinson trace estimator,
# fixed-step Euler solver instead of torchdiffeq to keep it self-contained.
import torch
import torch.nn as nn


class ODEfunc(nn.Module):
    def __init__(self, dim=4, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, hidden), nn.GELU(approximate="tanh"),
                                 nn.Linear(hidden, dim))
        self._e = None

    def before_odeint(self, e):
        self._e = e

    def forward(self, t, states):
        y = states[0]
        with torch.enable_grad():
            y.requires_grad_(True)
            tt = torch.ones_like(y[:, :1]) * t
            dy = self.net(torch.cat([tt, y], 1))
            e_dzdx = torch.autograd.grad(dy, y, self._e, create_graph=True)[0]
            divergence = (e_dzdx * self._e).sum(1, keepdim=True)
        return dy, -divergence


def odeint_euler(func, y0, logp0, n_steps=4):
    y, logp = y0, logp0
    dt = 1.0 / n_steps
    for i in range(n_steps):
        dy, dlogp = func(torch.tensor(i * dt), (y,))
        y, logp = y + dt * dy, logp + dt * dlogp
    return y, logp


func = ODEfunc()
optimizer = torch.optim.Adam(func.parameters(), lr=1e-3)
for itr in range(2):
    x = torch.randn(16, 4)
    func.before_odeint(torch.randn_like(x))
    z, delta_logp = odeint_euler(func, x, torch.zeros(16, 1))
    logpz = (-0.5 * z.pow(2) - 0.5 * torch.log(torch.tensor(2 * torch.pi))).sum(1, keepdim=True)
    loss = -(logpz - delta_logp).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
