"""Hinge-loss GAN on nacre micrographs; spectral norm keeps the critic Lipschitz."""
import argparse

import torch
import torch.nn.functional as F

import config
from models import NacreCritic, NacreGenerator
from regularisers import GradientPenaltyMixin, GradNormMonitorMixin


class Trainer(GradientPenaltyMixin, GradNormMonitorMixin):
    def __init__(self, cfg):
        self.cfg = cfg
        self.critic = NacreCritic(cfg.CHANNELS)
        self.gen = NacreGenerator.from_config(cfg)
        self.opt_d = torch.optim.Adam(self.critic.parameters(), lr=cfg.LR_D, betas=(0.0, 0.9))
        self.opt_g = torch.optim.Adam(self.gen.parameters(), lr=cfg.LR_G, betas=(0.0, 0.9))

    def critic_loss(self, real):
        fake = self.gen(torch.randn(real.size(0), self.cfg.LATENT)).detach()
        loss = F.relu(1 - self.critic(real)).mean() + F.relu(1 + self.critic(fake)).mean()
        loss = loss + self.cfg.ACT_ENERGY_WEIGHT * self.critic.act_energy
        if self.cfg.PENALTY == "gp":
            loss = loss + self.cfg.GP_WEIGHT * self.gradient_penalty(real, fake)
        return loss

    def step(self, real, it):
        d_loss = self.critic_loss(real)
        self.opt_d.zero_grad()
        d_loss.backward()
        self.opt_d.step()

        g_loss = -self.critic(self.gen(torch.randn(real.size(0), self.cfg.LATENT))).mean()
        self.opt_g.zero_grad()
        g_loss.backward()
        self.opt_g.step()
        logs = {"d": d_loss.item(), "g": g_loss.item()}
        if it % self.cfg.MONITOR_EVERY == 0:
            logs["|grad|"] = self.grad_norm(real)
        return logs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=config.STEPS)
    args = ap.parse_args()
    torch.manual_seed(config.SEED)
    trainer = Trainer(config)
    for it in range(args.steps):
        real = torch.rand(config.BATCH, config.CHANNELS, config.IMAGE_SIZE, config.IMAGE_SIZE) * 2 - 1
        print(it, {k: round(v, 4) for k, v in trainer.step(real, it).items()})


if __name__ == "__main__":
    main()
