"""Noise-conditional energy E(z, sigma) over VAE latents; its score is -dE/dz."""
import torch
import torch.nn.functional as F
from torch import nn


class LatentEnergy(nn.Module):
    def __init__(self, latent, hidden, n_sigmas):
        super().__init__()
        self.inp = nn.Linear(latent, 2 * hidden)
        self.gate = nn.GLU(dim=-1)
        self.sigma_embed = nn.Embedding(n_sigmas, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, z, sigma_idx):
        h = self.gate(self.inp(z)) + self.sigma_embed(sigma_idx)
        h = F.gelu(self.mid(h), approximate="tanh")
        return F.softplus(self.out(h)).squeeze(-1) + 0.5 * z.pow(2).sum(-1)


def score(energy, z, sigma_idx, create_graph):
    z = z.requires_grad_(True)
    e = energy(z, sigma_idx)
    (dz,) = torch.autograd.grad(e.sum(), z, create_graph=create_graph)
    return -dz


def dsm_loss(energy, z_clean, sigmas, gen):
    """Denoising score matching with an energy parameterisation (second order in the energy weights)."""
    idx = torch.randint(0, len(sigmas), (z_clean.shape[0],), generator=gen)
    sig = sigmas[idx].unsqueeze(-1)
    noise = torch.randn(z_clean.shape, generator=gen)
    z_noisy = z_clean + sig * noise
    s = score(energy, z_noisy, idx, create_graph=True)
    return 0.5 * ((sig * s + noise) ** 2).sum(-1).mean()
