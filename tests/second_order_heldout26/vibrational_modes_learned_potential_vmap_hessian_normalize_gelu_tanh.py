"""Learned interatomic potential fitted to energies AND harmonic vibrational frequencies.

The frequencies come from the eigenvalues of the mass-weighted Hessian of the potential
(torch.func.hessian, vmapped over conformers), so training differentiates the potential three times."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, hessian, vmap

N_ATOMS = 4
MASSES = torch.tensor([12.0, 1.0, 1.0, 16.0])


def shifted_softplus(x):
    return F.softplus(x) - math.log(2.0)


class AnglePotential(nn.Module):
    def __init__(self, n_rbf=6, hidden=16):
        super().__init__()
        self.register_buffer("centers", torch.linspace(0.5, 3.0, n_rbf))
        self.pair = nn.Linear(n_rbf, hidden)
        self.angle = nn.Linear(1, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, pos):
        rij = pos[:, None, :] - pos[None, :, :] + torch.eye(N_ATOMS)[..., None] * 1e-3
        dist = rij.norm(dim=-1, keepdim=True)
        unit = F.normalize(rij, dim=-1)
        cos = torch.bmm(unit, unit.transpose(1, 2)).mean(dim=(1, 2))[:, None]
        rbf = torch.exp(-4.0 * (dist - self.centers) ** 2).sum(1)
        h = shifted_softplus(self.pair(rbf)) + F.gelu(self.angle(cos), approximate="tanh")
        return self.out(h).sum()


def frequencies(model, params, coords):
    energy_of = lambda p, x: functional_call(model, p, (x,))
    flat_energy = lambda x: energy_of(params, x.view(N_ATOMS, 3))
    H = vmap(hessian(flat_energy))(coords.flatten(1))
    w = MASSES.repeat_interleave(3).rsqrt()
    Hm = H * w[None, :, None] * w[None, None, :]
    return torch.linalg.eigvalsh(Hm)[:, 6:]


def main(steps=2):
    model = AnglePotential()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    coords = torch.randn(3, N_ATOMS, 3) * 0.3 + torch.tensor([[0, 0, 0], [1.1, 0, 0], [0, 1.1, 0], [0, 0, 1.2]])
    e_ref, f_ref = torch.randn(3), torch.rand(3, 3 * N_ATOMS - 6)
    for step in range(steps):
        params = dict(model.named_parameters())
        e_pred = vmap(lambda x: functional_call(model, params, (x,)))(coords)
        f_pred = frequencies(model, params, coords)
        loss = F.mse_loss(e_pred, e_ref) + 0.1 * F.mse_loss(f_pred, f_ref)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
