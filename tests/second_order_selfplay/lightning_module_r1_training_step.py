"""A PyTorch-Lightning-style GAN module (manual optimisation) with the R1 penalty computed inside training_step;
the discriminator is built from constructor arguments of the module."""
import torch
import torch.nn as nn
import torch.nn.functional as F

try:
    import pytorch_lightning as pl
    Base = pl.LightningModule
except ImportError:  # the sketch runs without Lightning too
    Base = nn.Module


class Disc(nn.Module):
    def __init__(self, ndf=16, slope=0.2):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, ndf, 3, 1, 1),
            nn.PReLU(ndf),
            nn.AvgPool2d(2),
            nn.Conv2d(ndf, ndf * 2, 3, 1, 1),
            nn.LeakyReLU(slope),
        )
        self.head = nn.Linear(ndf * 2 * 8 * 8, 1)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


class Gen(nn.Module):
    def __init__(self, z_dim=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 3 * 16 * 16), nn.Hardswish())

    def forward(self, z):
        return self.net(z).view(-1, 3, 16, 16)


class R1GAN(Base):
    def __init__(self, z_dim=32, ndf=16, r1_gamma=10.0):
        super().__init__()
        self.generator = Gen(z_dim)
        self.discriminator = Disc(ndf)
        self.z_dim, self.r1_gamma = z_dim, r1_gamma
        self.automatic_optimization = False

    def configure_optimizers(self):
        return (torch.optim.Adam(self.generator.parameters(), lr=2e-4),
                torch.optim.Adam(self.discriminator.parameters(), lr=2e-4))

    def r1_penalty(self, real):
        real = real.detach().requires_grad_(True)
        score = self.discriminator(real)
        (grad,) = torch.autograd.grad(outputs=score.sum(), inputs=real, create_graph=True)
        return grad.pow(2).flatten(1).sum(1).mean(), score

    def training_step(self, batch, batch_idx, opts=None):
        opt_g, opt_d = opts if opts is not None else self.optimizers()
        real = batch
        z = torch.randn(real.size(0), self.z_dim)
        penalty, d_real = self.r1_penalty(real)
        d_fake = self.discriminator(self.generator(z).detach())
        loss_d = F.softplus(d_fake).mean() + F.softplus(-d_real).mean() + 0.5 * self.r1_gamma * penalty
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = F.softplus(-self.discriminator(self.generator(z))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        return loss_d


if __name__ == "__main__":
    module = R1GAN()
    opts = module.configure_optimizers()
    for i in range(2):
        module.training_step(torch.randn(4, 3, 16, 16), i, opts)
