"""R1-regularised GAN for laser-profilometer cross-sections of weld beads (porosity / undercut augmentation).

The critic uses torch.nn.utils.parametrizations (spectral_norm on the convs, weight_norm on the head) and a
custom unit-row parametrization on the projection layer registered with parametrize.register_parametrization.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrize
from torch.nn.utils.parametrizations import spectral_norm, weight_norm


class UnitRows(nn.Module):
    """Parametrization: every output row of the weight has unit L2 norm."""

    def forward(self, w):
        return F.normalize(w, dim=1)


class BeadCritic(nn.Module):
    def __init__(self, ch=16, proj_dim=24):
        super().__init__()
        self.c1 = spectral_norm(nn.Conv1d(1, ch, 5, padding=2))
        self.c2 = spectral_norm(nn.Conv1d(ch, 2 * ch, 5, padding=2))
        self.pool = nn.AvgPool1d(2)
        self.proj = nn.Linear(2 * ch, proj_dim, bias=False)
        parametrize.register_parametrization(self.proj, "weight", UnitRows())
        self.head = weight_norm(nn.Linear(proj_dim, 1))

    def forward(self, x):
        h = self.pool(F.leaky_relu(self.c1(x), 0.2))
        h = self.pool(F.leaky_relu(self.c2(h), 0.2))
        h = F.selu(self.proj(h.mean(-1)))
        return self.head(h).squeeze(-1)


class BeadGenerator(nn.Module):
    def __init__(self, zdim, length, ch=32):
        super().__init__()
        self.l0, self.ch = length // 4, ch
        self.fc = nn.Linear(zdim, ch * self.l0)
        self.c1 = nn.Conv1d(ch, ch // 2, 3, padding=1)
        self.c2 = nn.Conv1d(ch // 2, 1, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(len(z), self.ch, self.l0)
        h = F.relu6(self.c1(F.interpolate(h, scale_factor=2, mode="linear", align_corners=False)))
        return self.c2(F.interpolate(h, scale_factor=2, mode="linear", align_corners=False))


def bead_profiles(n, length):
    x = torch.linspace(-1, 1, length)
    width = 0.3 + 0.2 * torch.rand(n, 1)
    height = 0.6 + 0.3 * torch.rand(n, 1)
    bead = height * torch.clamp(1 - (x / width) ** 2, min=0) ** 0.5
    undercut = -0.15 * torch.rand(n, 1) * torch.exp(-((x.abs() - width) / 0.05) ** 2)
    return (bead + undercut + 0.01 * torch.randn(n, length)).unsqueeze(1)


def r1(critic, real, gamma):
    real = real.detach().requires_grad_(True)
    score = critic(real)
    (g,) = torch.autograd.grad(score.sum(), real, create_graph=True)
    return 0.5 * gamma * g.pow(2).sum(dim=(1, 2)).mean(), score


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--length", type=int, default=48)
    ap.add_argument("--zdim", type=int, default=12)
    ap.add_argument("--gamma", type=float, default=2.0)
    args = ap.parse_args()
    torch.manual_seed(6)
    D, G = BeadCritic(), BeadGenerator(args.zdim, args.length)
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.99))
    data = bead_profiles(96, args.length)
    for step in range(args.steps):
        real = data[torch.randint(0, len(data), (args.batch,))]
        fake = G(torch.randn(args.batch, args.zdim)).detach()
        pen, s_real = r1(D, real, args.gamma)
        d_loss = F.softplus(D(fake)).mean() + F.softplus(-s_real).mean() + pen
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()

        g_loss = F.softplus(-D(G(torch.randn(args.batch, args.zdim)))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        with torch.no_grad():
            row_norms = D.proj.weight.norm(dim=1)
        print(f"step {step} d {d_loss.item():.4f} r1 {pen.item():.3e} g {g_loss.item():.4f} "
              f"proj_row_norm {row_norms.mean().item():.3f}")


if __name__ == "__main__":
    main()
