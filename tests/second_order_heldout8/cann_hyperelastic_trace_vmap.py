"""Constitutive artificial neural network for rubber-like materials (Linka & Kuhl style): a strain-energy
network psi(I1, I2, J) of the deformation gradient F, the first Piola-Kirchhoff stress P = d psi / d F taken
per sample with torch.func, and the parameters fitted to measured stresses (uniaxial / biaxial / shear)."""
import torch
from torch import nn
from torch.func import functional_call, grad, vmap
import torch.nn.functional as F


class StrainEnergy(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.inv = nn.Linear(3, width)
        self.out = nn.Linear(width, 1)

    def forward(self, Fdef):
        C = Fdef.T @ Fdef                                  # right Cauchy-Green tensor
        I1 = torch.trace(C)
        I2 = 0.5 * (I1 ** 2 - torch.trace(C @ C))
        J = torch.linalg.det(Fdef)
        feats = torch.stack([I1 - 3.0, I2 - 3.0, torch.log(J)])
        h = F.softplus(self.inv(feats))
        return F.softplus(self.out(h)).squeeze(-1) + 10.0 * (J - 1.0) ** 2


def make_loading(n):
    stretch = 1.0 + 0.4 * torch.rand(n)
    Fs = torch.zeros(n, 3, 3)
    Fs[:, 0, 0] = stretch
    Fs[:, 1, 1] = stretch.rsqrt()
    Fs[:, 2, 2] = stretch.rsqrt()
    Fs[:, 0, 1] = 0.1 * torch.randn(n)
    return Fs


def fit(model, Fs, P_meas, steps=200, lr=1e-3):
    params = dict(model.named_parameters())
    opt = torch.optim.Adam(params.values(), lr=lr)

    def energy(p, Fdef):
        return functional_call(model, p, (Fdef,))

    piola = vmap(grad(energy, argnums=1), in_dims=(None, 0))
    for _ in range(steps):
        P_pred = piola(params, Fs)
        loss = ((P_pred - P_meas) ** 2).sum(dim=(1, 2)).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    Fs = make_loading(32)
    P_meas = 0.5 * (Fs - Fs.transpose(1, 2).inverse())        # neo-Hookean-like synthetic data
    print(fit(StrainEnergy(), Fs, P_meas, steps=3))
