"""VAE for ski-base grind structure profiles with Jacobian clamping on the decoder.

Profilometer scans across the running base of race skis (64 samples per line, 0.05 mm pitch)
are encoded to an 8-d latent. Jacobian clamping (Odena et al. 2018) keeps the decoder's
directional gain ||J(z) d|| inside [lam_min, lam_max] for latents drawn from the prior, so that
interpolating between grind patterns in latent space changes the profile smoothly. The exact
Jacobian-vector product comes from torch.autograd.functional.jvp with create_graph=True.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import jvp


@dataclass
class HParams:
    length: int = 64
    latent: int = 8
    width: int = 16
    lam_min: float = 1.0
    lam_max: float = 4.0
    clamp_weight: float = 0.5
    beta: float = 0.5
    lr: float = 2e-3
    steps: int = 5
    batch: int = 16


class GrindVAE(nn.Module):
    def __init__(self, hp):
        super().__init__()
        w, L = hp.width, hp.length
        # encoder
        self.enc_conv1 = nn.Conv1d(1, w, 5, padding=2)
        self.enc_pool = nn.MaxPool1d(2)
        self.enc_conv2 = nn.Conv1d(w, w, 3, padding=1)
        self.mu = nn.Linear(w, hp.latent)
        self.logvar = nn.Linear(w, hp.latent)
        # decoder
        self.base_len = L // 4
        self.dec_fc = nn.Linear(hp.latent, w * self.base_len)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.dec_conv1 = nn.Conv1d(w, w, 3, padding=1)
        self.dec_conv2 = nn.Conv1d(w, 1, 3, padding=1)
        self.width = w

    def encode(self, x):
        h = F.relu(self.enc_pool(self.enc_conv1(x)))
        h = F.relu(self.enc_conv2(h)).mean(dim=-1)
        return self.mu(h), self.logvar(h)

    def decode(self, z):
        h = self.dec_fc(z).view(z.shape[0], self.width, self.base_len)
        h = F.selu(self.dec_conv1(self.up(h)))
        return self.dec_conv2(self.up(h))

    def forward(self, x):
        mu, logvar = self.encode(x)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.decode(z), mu, logvar


def jacobian_clamp(decode, z, lam_min, lam_max):
    d = torch.randn_like(z)
    d = d / d.norm(dim=1, keepdim=True)
    _, jd = jvp(decode, z, d, create_graph=True)
    q = jd.flatten(1).norm(dim=1)
    penalty = F.relu(q - lam_max).pow(2) + F.relu(lam_min - q).pow(2)
    return penalty.mean(), q.detach()


def grind_profiles(n, length, gen):
    x = torch.linspace(0, 1, length)
    pitch = torch.randint(3, 9, (n, 1), generator=gen).float()
    depth = 0.2 + 0.3 * torch.rand(n, 1, generator=gen)
    prof = depth * torch.sign(torch.sin(6.283 * pitch * x[None]))
    return (prof + 0.05 * torch.randn(n, length, generator=gen)).unsqueeze(1)


def main(hp=HParams()):
    gen = torch.Generator().manual_seed(23)
    vae = GrindVAE(hp)
    opt = torch.optim.Adam(vae.parameters(), lr=hp.lr)
    for step in range(hp.steps):
        x = grind_profiles(hp.batch, hp.length, gen)
        recon, mu, logvar = vae(x)
        rec = F.mse_loss(recon, x, reduction="sum") / x.shape[0]
        kl = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(dim=1).mean()
        z_prior = torch.randn(hp.batch, hp.latent, generator=gen)
        clamp, gain = jacobian_clamp(vae.decode, z_prior, hp.lam_min, hp.lam_max)
        loss = rec + hp.beta * kl + hp.clamp_weight * clamp
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} rec {rec.item():.3f} kl {kl.item():.3f} gain {gain.min():.2f}-{gain.max():.2f}")


if __name__ == "__main__":
    main()
