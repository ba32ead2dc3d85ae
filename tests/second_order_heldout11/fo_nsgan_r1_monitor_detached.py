"""Non-saturating GAN on 32x32 textures. The discriminator's gradient norm at real data (the quantity R1
would penalise) is only *logged*: it is computed on a detached copy without create_graph and never enters
a loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Disc(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(3, ch, 3, stride=2), nn.LeakyReLU(0.2),
            nn.ReflectionPad2d(1), nn.Conv2d(ch, 2 * ch, 3, stride=2), nn.LeakyReLU(0.2),
        )
        self.fc = nn.Linear(2 * ch * 8 * 8, 1)

    def forward(self, img):
        img = F.interpolate(img, size=(32, 32), mode="bilinear", align_corners=False)
        return self.fc(self.net(img).flatten(1))


class Gen(nn.Module):
    def __init__(self, z=32, ch=16):
        super().__init__()
        self.fc = nn.Linear(z, ch * 8 * 8)
        self.up = nn.Sequential(nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh())
        self.ch = ch

    def forward(self, z):
        return self.up(self.fc(z).view(-1, self.ch, 8, 8))


def real_grad_norm(D, real):
    x = real.detach().clone().requires_grad_(True)
    (g,) = torch.autograd.grad(D(x).sum(), x, create_graph=False)
    return g.flatten(1).norm(dim=1).mean().item()


def train(iters=2, bs=4):
    G, D = Gen(), Disc()
    og = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.99))
    od = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.99))
    for it in range(iters):
        real = torch.rand(bs, 3, 32, 32) * 2 - 1
        fake = G(torch.randn(bs, 32))
        d_real, d_fake = D(real), D(fake.detach())
        d_loss = F.binary_cross_entropy_with_logits(d_real, torch.ones_like(d_real)) + \
            F.binary_cross_entropy_with_logits(d_fake, torch.zeros_like(d_fake))
        od.zero_grad(); d_loss.backward(); od.step()
        out = D(fake)
        g_loss = F.binary_cross_entropy_with_logits(out, torch.ones_like(out))
        og.zero_grad(); g_loss.backward(); og.step()
        print(it, d_loss.item(), g_loss.item(), "|grad D(real)|", real_grad_norm(D, real))


if __name__ == "__main__":
    train()
