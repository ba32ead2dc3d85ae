"""Jacobian clamping for a DCGAN generator (Odena et al. 2018): the ratio ||G(z + d) - G(z)|| / ||d|| is a
finite-difference estimate of the generator's Jacobian along d and is clamped to [l_min, l_max]. No
derivative of a derivative is ever taken; the discriminator uses BCE-with-logits."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Generator(nn.Module):
    def __init__(self, zdim=100, ch=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.ConvTranspose2d(zdim, ch * 4, 4, 1, 0, bias=False), nn.BatchNorm2d(ch * 4), nn.ReLU(True),
            nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ch * 4, ch * 2, 3, 1, 1), nn.ELU(),
            nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch * 2, 3, 3, 1, 1), nn.Tanh(),
        )

    def forward(self, z):
        return self.net(z.view(z.size(0), -1, 1, 1))


class Discriminator(nn.Module):
    def __init__(self, ch=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, ch, 4, 2, 1), nn.LeakyReLU(0.2, True),
            nn.Conv2d(ch, ch * 2, 4, 2, 1), nn.GroupNorm(8, ch * 2), nn.LeakyReLU(0.2, True),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(ch * 2, 1),
        )

    def forward(self, x):
        return self.net(x)


def jacobian_clamping(G, z, eps=1.0, l_min=1.0, l_max=20.0):
    delta = torch.randn_like(z)
    delta = eps * delta / delta.norm(dim=1, keepdim=True)
    diff = (G(z + delta) - G(z)).flatten(1).norm(dim=1)
    q = diff / eps
    return (F.relu(q - l_max) ** 2 + F.relu(l_min - q) ** 2).mean()


def train_step(G, D, opt_g, opt_d, real, zdim=100, lam=1.0):
    z = torch.randn(real.size(0), zdim)
    fake = G(z)
    d_real, d_fake = D(real), D(fake.detach())
    d_loss = F.binary_cross_entropy_with_logits(d_real, torch.ones_like(d_real)) + \
        F.binary_cross_entropy_with_logits(d_fake, torch.zeros_like(d_fake))
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    g_out = D(fake)
    g_loss = F.binary_cross_entropy_with_logits(g_out, torch.ones_like(g_out)) + lam * jacobian_clamping(G, z)
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
    return d_loss.item(), g_loss.item()


if __name__ == "__main__":
    G, D = Generator(zdim=8, ch=8), Discriminator(ch=8)
    og, od = torch.optim.Adam(G.parameters(), 2e-4), torch.optim.Adam(D.parameters(), 2e-4)
    print(train_step(G, D, og, od, torch.rand(2, 3, 16, 16), zdim=8))
