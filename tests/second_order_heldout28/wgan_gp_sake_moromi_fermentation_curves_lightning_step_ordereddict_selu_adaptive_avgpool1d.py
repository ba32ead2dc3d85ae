"""WGAN-GP for synthetic sake moromi (main mash) fermentation curves.

Each sample is a 3-channel daily curve (Baume, alcohol %, temperature) over 32 days.
Written in the LightningModule style (training_step / configure_optimizers) but driven
by a tiny hand-written loop so it runs without pytorch_lightning installed.
"""
from collections import OrderedDict

import torch
import torch.nn as nn

SEQ_LEN = 32
CHANNELS = 3
LATENT = 16


def make_critic(width=16):
    return nn.Sequential(OrderedDict([
        ("conv_in", nn.Conv1d(CHANNELS, width, kernel_size=5, padding=2)),
        ("act_in", nn.SELU()),
        ("conv_mid", nn.Conv1d(width, width, kernel_size=3, padding=1)),
        ("act_mid", nn.Softsign()),
        ("pool", nn.AdaptiveAvgPool1d(4)),
        ("flatten", nn.Flatten()),
        ("score", nn.Linear(width * 4, 1)),
    ]))


class CurveGenerator(nn.Module):
    def __init__(self, latent=LATENT, width=16):
        super().__init__()
        self.fc = nn.Linear(latent, width * (SEQ_LEN // 4))
        self.up = nn.Upsample(scale_factor=4, mode="nearest")
        self.act = nn.ELU()
        self.out = nn.Conv1d(width, CHANNELS, kernel_size=3, padding=1)
        self.width = width

    def forward(self, z):
        h = self.fc(z).view(z.size(0), self.width, SEQ_LEN // 4)
        return self.out(self.act(self.up(h)))


class MoromiWGAN(nn.Module):
    """Lightning-style module: two optimizers, optimizer_idx selects the step."""

    def __init__(self, gp_weight=10.0, n_critic=2):
        super().__init__()
        self.generator = CurveGenerator()
        self.critic = make_critic()
        self.gp_weight = gp_weight
        self.n_critic = n_critic

    def gradient_penalty(self, real, fake):
        alpha = torch.rand(real.size(0), 1, 1)
        mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
        scores = self.critic(mixed)
        grads = torch.autograd.grad(outputs=scores.sum(), inputs=mixed, create_graph=True)[0]
        return ((grads.flatten(1).norm(2, dim=1) - 1.0) ** 2).mean()

    def training_step(self, batch, batch_idx, optimizer_idx):
        real = batch
        z = torch.randn(real.size(0), LATENT)
        if optimizer_idx == 0:
            fake = self.generator(z).detach()
            wdist = self.critic(real).mean() - self.critic(fake).mean()
            loss = -wdist + self.gp_weight * self.gradient_penalty(real, fake)
            return {"loss": loss, "log": {"wdist": wdist.item()}}
        fake = self.generator(z)
        return {"loss": -self.critic(fake).mean()}

    def configure_optimizers(self):
        opt_c = torch.optim.Adam(self.critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=1e-4, betas=(0.0, 0.9))
        return [opt_c, opt_g]


def synthetic_moromi(n=64):
    t = torch.linspace(0, 1, SEQ_LEN)
    rate = 3.0 + torch.rand(n, 1)
    baume = 8.0 * torch.exp(-rate * t)
    alcohol = 18.0 * (1 - torch.exp(-rate * t))
    temp = 10.0 + 4.0 * torch.sin(3.14 * t) + 0.3 * torch.randn(n, SEQ_LEN)
    x = torch.stack([baume / 8.0, alcohol / 18.0, (temp - 10.0) / 4.0], dim=1)
    return x


def fit(module, data, epochs=1, batch_size=16):
    optimizers = module.configure_optimizers()
    for epoch in range(epochs):
        for batch_idx, batch in enumerate(data.split(batch_size)):
            for optimizer_idx, opt in enumerate(optimizers):
                if optimizer_idx == 1 and batch_idx % module.n_critic:
                    continue
                out = module.training_step(batch, batch_idx, optimizer_idx)
                opt.zero_grad()
                out["loss"].backward()
                opt.step()
            if "log" in out:
                print(f"epoch {epoch} batch {batch_idx} loss {out['loss'].item():.3f}")


if __name__ == "__main__":
    torch.manual_seed(0)
    fit(MoromiWGAN(), synthetic_moromi())
