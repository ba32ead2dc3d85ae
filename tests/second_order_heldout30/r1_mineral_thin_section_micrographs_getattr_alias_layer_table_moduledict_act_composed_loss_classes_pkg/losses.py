"""Loss modules; the discriminator loss is composed of the adversarial term and the R1 penalty."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class NonSaturatingLogistic(nn.Module):
    def forward(self, real_logits, fake_logits):
        return F.softplus(fake_logits).mean() + F.softplus(-real_logits).mean()


class R1Penalty(nn.Module):
    """Mescheder et al. (2018): gamma/2 * E ||grad_x D(x)||^2 on real data."""

    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, real_logits, real_img):
        g, = torch.autograd.grad(real_logits.sum(), real_img, create_graph=True)
        return 0.5 * self.gamma * g.pow(2).sum(dim=[1, 2, 3]).mean()


class DiscriminatorLoss(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.adv = NonSaturatingLogistic()
        self.r1 = R1Penalty(cfg["r1_gamma"]) if cfg["r1_gamma"] > 0 else None

    def forward(self, disc, real, fake):
        real = real.detach().requires_grad_(True)
        real_logits, fake_logits = disc(real), disc(fake.detach())
        loss = self.adv(real_logits, fake_logits)
        if self.r1 is not None:
            loss = loss + self.r1(real_logits, real)
        return loss


class GeneratorLoss(nn.Module):
    def forward(self, disc, fake):
        return F.softplus(-disc(fake)).mean()
