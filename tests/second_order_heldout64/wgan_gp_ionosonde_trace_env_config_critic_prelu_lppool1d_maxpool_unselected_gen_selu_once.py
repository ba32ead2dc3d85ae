"""WGAN-GP for synthetic ionosonde virtual-height traces (h'(f) curves of the F2 layer).

The station's batch system passes every hyper-parameter through environment variables (one job
script per sweep point); the defaults below are what runs on a developer machine, where none of the
``IONO_*`` variables are set.

    IONO_GP_WEIGHT=5 IONO_CRITIC_POOL=max python wgan_gp_ionosonde_....py
"""
import logging
import os
import time
from functools import partial

import torch
import torch.nn as nn

log = logging.getLogger("iono_wgan")

# ----------------------------------------------------------------------------- job configuration
N_FREQ = int(os.environ.get("IONO_N_FREQ", "96"))            # sounding frequencies 1-12 MHz
LATENT = int(os.environ.get("IONO_LATENT", "16"))
BATCH = int(os.environ.get("IONO_BATCH", "32"))
STEPS = int(os.environ.get("IONO_STEPS", "4"))
N_CRITIC = int(os.environ.get("IONO_N_CRITIC", "3"))
GP_WEIGHT = float(os.environ.get("IONO_GP_WEIGHT", "10"))
CRITIC_ACT = os.environ.get("IONO_CRITIC_ACT", "prelu").lower()
CRITIC_POOL = os.environ.get("IONO_CRITIC_POOL", "lp").lower()
GEN_ACT = os.environ.get("IONO_GEN_ACT", "selu").lower()
ARCHIVE_DIR = os.environ.get("IONO_ARCHIVE", "/tmp/iono_archive")   # only read by the real loader
LOG_LEVEL = os.environ.get("IONO_LOG", "INFO")

ACTIVATIONS = {
    "prelu": nn.PReLU,
    "leaky": partial(nn.LeakyReLU, 0.2),
    "celu": nn.CELU,
    "hardswish": nn.Hardswish,
    "selu": nn.SELU,
}
POOLS = {
    "avg": partial(nn.AvgPool1d, 2),
    "max": partial(nn.MaxPool1d, 2),
    "lp": partial(nn.LPPool1d, 2, 2),
}


def make_act(name):
    return ACTIVATIONS[name]()


class TraceGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(LATENT, 32 * (N_FREQ // 4))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.conv1 = nn.Conv1d(32, 16, 5, padding=2)
        self.conv2 = nn.Conv1d(16, 1, 5, padding=2)
        self.act = make_act(GEN_ACT)

    def forward(self, z):
        h = self.fc(z).view(z.shape[0], 32, N_FREQ // 4)
        h = self.act(self.conv1(self.up(h)))
        h = self.conv2(self.up(h))
        return 200.0 + 150.0 * torch.sigmoid(h.squeeze(1))   # virtual height in km


class TraceCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(1, 16, 5, padding=2)
        self.act1 = make_act(CRITIC_ACT)
        self.pool = POOLS[CRITIC_POOL]()
        self.conv2 = nn.Conv1d(16, 32, 5, padding=2)
        self.act2 = make_act(CRITIC_ACT)
        self.head = nn.Linear(32 * (N_FREQ // 2), 1)

    def forward(self, heights):
        x = (heights.unsqueeze(1) - 275.0) / 75.0
        h = self.act1(self.conv1(x))
        h = self.pool(h)
        h = self.act2(self.conv2(h))
        return self.head(h.flatten(1)).squeeze(1)


def sample_soundings(n, gen):
    """Chapman-like layer: h'(f) rises steeply towards the critical frequency foF2."""
    f = torch.linspace(1.0, 12.0, N_FREQ)
    fo_f2 = 7.0 + 3.0 * torch.rand(n, 1, generator=gen)
    ratio = (f / (fo_f2 + 0.5)).clamp(max=0.98)
    hmf2 = 230.0 + 40.0 * torch.rand(n, 1, generator=gen)
    return hmf2 + 40.0 * torch.atanh(ratio) + 2.0 * torch.randn(n, N_FREQ, generator=gen)


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.shape[0], 1)
    mix = (eps * real + (1.0 - eps) * fake).requires_grad_(True)
    scores = critic(mix)
    (grad,) = torch.autograd.grad(scores.sum(), mix, create_graph=True)
    return ((grad.norm(dim=1) - 1.0) ** 2).mean()


def main():
    logging.basicConfig(level=LOG_LEVEL, format="%(name)s %(message)s")
    torch.manual_seed(0)
    gen_rng = torch.Generator().manual_seed(1)
    generator, critic = TraceGenerator(), TraceCritic()
    log.info("critic act=%s pool=%s | generator act=%s | gp=%.1f", critic.act1, critic.pool, generator.act, GP_WEIGHT)
    opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.9))
    opt_c = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.5, 0.9))
    t0 = time.time()
    for step in range(STEPS):
        for _ in range(N_CRITIC):
            real = sample_soundings(BATCH, gen_rng)
            fake = generator(torch.randn(BATCH, LATENT)).detach()
            wdist = critic(real).mean() - critic(fake).mean()
            gp = gradient_penalty(critic, real, fake)
            loss_c = -wdist + GP_WEIGHT * gp
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        loss_g = -critic(generator(torch.randn(BATCH, LATENT))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        alpha = critic.act1.weight.grad.abs().sum().item() if CRITIC_ACT == "prelu" else float("nan")
        log.info("step %d W %.3f gp %.4f loss_g %.3f |d prelu| %.2e (%.1fs)",
                 step, wdist.item(), gp.item(), loss_g.item(), alpha, time.time() - t0)


if __name__ == "__main__":
    main()
