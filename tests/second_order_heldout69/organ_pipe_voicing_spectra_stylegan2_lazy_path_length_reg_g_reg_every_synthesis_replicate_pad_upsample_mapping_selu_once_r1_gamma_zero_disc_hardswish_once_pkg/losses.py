"""StyleGAN2 loss with phases Gmain / Greg / Dmain / Dreg (lazy regularisation)."""
import math

import torch
import torch.nn.functional as F


class StyleGAN2Loss:
    def __init__(self, G, D, cfg):
        self.G, self.D, self.cfg = G, D, cfg
        self.pl_mean = torch.zeros(())

    def accumulate_gradients(self, phase, real, z, gain):
        cfg = self.cfg
        if phase == "Gmain":
            fake, _ = self.G(z)
            F.softplus(-self.D(fake)).mean().mul(gain).backward()
        elif phase == "Greg":
            n = max(1, z.shape[0] // cfg.pl_batch_shrink)
            fake, ws = self.G(z[:n])
            noise = torch.randn_like(fake) / math.sqrt(fake.shape[-1])
            (pl_grads,) = torch.autograd.grad((fake * noise).sum(), ws, create_graph=True)
            pl_lengths = pl_grads.square().sum(2).mean(1).sqrt()
            self.pl_mean = self.pl_mean.lerp(pl_lengths.mean().detach(), cfg.pl_decay)
            pl_penalty = (pl_lengths - self.pl_mean).square()
            (pl_penalty * cfg.pl_weight).mean().mul(gain).backward()
        elif phase == "Dmain":
            with torch.no_grad():
                fake, _ = self.G(z)
            loss = F.softplus(self.D(fake)).mean() + F.softplus(-self.D(real)).mean()
            loss.mul(gain).backward()
        elif phase == "Dreg":
            real = real.detach().requires_grad_(True)
            (r1_grads,) = torch.autograd.grad(self.D(real).sum(), real, create_graph=True)
            r1 = r1_grads.square().sum([1, 2])
            (r1 * (cfg.r1_gamma / 2)).mean().mul(gain).backward()
        else:
            raise ValueError(phase)
