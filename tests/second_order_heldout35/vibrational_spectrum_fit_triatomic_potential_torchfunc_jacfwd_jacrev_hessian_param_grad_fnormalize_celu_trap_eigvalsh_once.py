"""Fit a neural pair potential for a bent triatomic molecule to measured vibrational frequencies.

The harmonic frequencies are the eigenvalues of the mass-weighted Hessian of the potential at the
equilibrium geometry. The Hessian comes from torch.func (jacfwd over jacrev), and the parameters are
trained through it, so the potential is differentiated three times.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, jacfwd, jacrev

MASSES = torch.tensor([16.0, 1.0, 1.0])
TARGET_FREQS = torch.tensor([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.16, 0.37, 0.38])


class PairPotential(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.radial = nn.Sequential(nn.Linear(4, width), nn.CELU(), nn.Linear(width, width), nn.CELU())
        self.energy = nn.Linear(width, 1)

    def forward(self, pos):
        i, j = torch.triu_indices(3, 3, offset=1)
        disp = pos[j] - pos[i]
        r = disp.norm(dim=-1, keepdim=True)
        direction = F.normalize(disp, dim=-1)
        feats = torch.cat([r, direction], dim=-1)
        return self.energy(self.radial(feats)).sum()


def mass_weighted_hessian(model, params, pos):
    def energy(flat):
        return functional_call(model, params, (flat.reshape(3, 3),))

    hess = jacfwd(jacrev(energy))(pos.reshape(-1))
    inv_sqrt_m = MASSES.repeat_interleave(3).rsqrt()
    return hess * inv_sqrt_m[:, None] * inv_sqrt_m[None, :]


def main():
    torch.manual_seed(0)
    model = PairPotential()
    params = dict(model.named_parameters())
    opt = torch.optim.Adam(params.values(), lr=1e-2)
    eq_pos = torch.tensor([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
    for step in range(3):
        h = mass_weighted_hessian(model, params, eq_pos)
        evals = torch.linalg.eigvalsh(0.5 * (h + h.T))
        freqs = evals.clamp_min(0).sqrt()
        loss = (freqs - TARGET_FREQS).pow(2).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
