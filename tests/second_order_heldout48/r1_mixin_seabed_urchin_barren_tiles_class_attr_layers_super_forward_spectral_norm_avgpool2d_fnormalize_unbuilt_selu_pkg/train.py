"""Train the urchin-barren tile GAN: non-saturating loss, R1 on reals, rotation aux task."""
import argparse

import torch
import torch.nn.functional as F

from config import TrainConfig, describe
from models import Generator, UrchinCritic
from penalties import R1Mixin, RotationAuxMixin


class BaseTrainer:
    def __init__(self, cfg, critic, gen):
        self.cfg = cfg
        self._critic = critic
        self.gen = gen
        self.opt_d = torch.optim.Adam(critic.parameters(), lr=cfg.lr_d, betas=cfg.betas)
        self.opt_g = torch.optim.Adam(gen.parameters(), lr=cfg.lr_g, betas=cfg.betas)

    @property
    def critic(self):
        return self._critic

    def sample(self, n):
        return self.gen(torch.randn(n, self.cfg.latent_dim))


class R1Trainer(R1Mixin, RotationAuxMixin, BaseTrainer):
    def __init__(self, cfg, critic, gen):
        super().__init__(cfg, critic, gen)
        self.r1_gamma = cfg.r1_gamma
        self.n_rotations = cfg.n_rotations

    def d_step(self, real, step):
        fake = self.sample(real.size(0)).detach()
        if step % self.cfg.r1_every == 0:
            penalty, real_scores = self.r1_penalty(real)
        else:
            penalty, real_scores = real.new_zeros(()), self.critic(real)
        adv = F.softplus(self.critic(fake)).mean() + F.softplus(-real_scores).mean()
        aux = self.rotation_loss(real)
        loss = adv + penalty * self.cfg.r1_every + self.cfg.aux_weight * aux
        self.opt_d.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_d.step()
        return {"adv": adv.item(), "r1": penalty.item(), "aux": aux.item()}

    def g_step(self, n):
        loss = F.softplus(-self.critic(self.sample(n))).mean()
        self.opt_g.zero_grad(set_to_none=True)
        loss.backward()
        self.opt_g.step()
        return loss.item()


def tiles(cfg):
    """Stand-in for the drone mosaic loader: random RGB tiles in [-1, 1]."""
    while True:
        yield torch.rand(cfg.batch_size, 3, cfg.image_size, cfg.image_size) * 2 - 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=None)
    ap.add_argument("--gamma", type=float, default=None)
    args = ap.parse_args()
    cfg = TrainConfig()
    if args.steps is not None:
        cfg.steps = args.steps
    if args.gamma is not None:
        cfg.r1_gamma = args.gamma
    torch.manual_seed(cfg.seed)
    print(describe(cfg))
    trainer = R1Trainer(cfg, UrchinCritic(cfg.n_rotations), Generator.from_config(cfg))
    data = tiles(cfg)
    for step in range(cfg.steps):
        logs = trainer.d_step(next(data), step)
        logs["g"] = trainer.g_step(cfg.batch_size)
        if step % cfg.log_every == 0:
            print(step, {k: round(v, 4) for k, v in logs.items()})


if __name__ == "__main__":
    main()
