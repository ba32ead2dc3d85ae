"""Continuous normalising flow (FFJORD-style, exact divergence) for 2-D positions of firefly flashes in a
meadow. The log-density change uses the trace of the dynamics Jacobian computed with create_graph=True,
then the NLL is backpropagated into the dynamics network."""
import math

import torch
import torch.nn as nn


class Dynamics(nn.Module):
    def __init__(self, dim=2, hidden=32):
        super().__init__()
        self.inp = nn.Linear(dim + 1, hidden)
        self.act_in = nn.SELU()
        self.mid = nn.Linear(hidden, hidden)
        self.act_mid = nn.SELU()
        self.gate = nn.Softsign()
        self.out = nn.Linear(hidden, dim)

    def forward(self, t, z):
        tz = torch.cat([z, t.expand(z.size(0), 1)], dim=1)
        h = self.act_in(self.inp(tz))
        h = self.act_mid(self.mid(h)) * (1 + self.gate(h))
        return self.out(h)


def exact_divergence(f, z):
    div = torch.zeros(z.size(0))
    for i in range(z.size(1)):
        div = div + torch.autograd.grad(f[:, i].sum(), z, create_graph=True)[0][:, i]
    return div


def integrate(dyn, x, n_steps=4):
    """Euler integration from data (t=1) back to the base (t=0), accumulating the log-det term."""
    z = x.clone().requires_grad_(True)
    logdet = torch.zeros(x.size(0))
    dt = 1.0 / n_steps
    for k in range(n_steps):
        t = torch.tensor([[1.0 - k * dt]])
        f = dyn(t, z)
        logdet = logdet + dt * exact_divergence(f, z)
        z = z - dt * f
    return z, logdet


def flashes(n):
    centres = torch.tensor([[0.0, 0.0], [2.0, 1.0], [-1.5, 2.0]])
    idx = torch.randint(0, 3, (n,))
    return centres[idx] + 0.3 * torch.randn(n, 2)


def main():
    torch.manual_seed(0)
    dyn = Dynamics()
    opt = torch.optim.Adam(dyn.parameters(), lr=1e-3)
    for it in range(3):
        x = flashes(64)
        z, logdet = integrate(dyn, x)
        log_base = -0.5 * (z ** 2).sum(1) - math.log(2 * math.pi)
        nll = -(log_base - logdet).mean()
        opt.zero_grad()
        nll.backward()
        opt.step()
        print(f"it {it} nll {nll.item():.4f}")


if __name__ == "__main__":
    main()
