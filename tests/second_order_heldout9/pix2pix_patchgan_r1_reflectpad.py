"""pix2pix-style facades translation: U-Net generator, 70x70 PatchGAN with reflection padding,
non-saturating loss + R1 on real (input, target) pairs."""
import torch
from torch import nn
from torch.nn import functional as F


def dconv(cin, cout, stride):
    return nn.Sequential(
        nn.ReflectionPad2d(1),
        nn.Conv2d(cin, cout, 4, stride, 0),
        nn.LeakyReLU(0.2, inplace=False),
    )


class PatchGAN(nn.Module):
    def __init__(self, in_ch=6, ndf=16):
        super().__init__()
        self.body = nn.Sequential(dconv(in_ch, ndf, 2), dconv(ndf, ndf * 2, 2), dconv(ndf * 2, ndf * 4, 1))
        self.head = nn.Conv2d(ndf * 4, 1, 3, 1, 1)

    def forward(self, src, tgt):
        return self.head(self.body(torch.cat([src, tgt], 1)))


class TinyUNet(nn.Module):
    def __init__(self, ch=3, nf=16):
        super().__init__()
        self.down = nn.Conv2d(ch, nf, 4, 2, 1)
        self.up = nn.ConvTranspose2d(nf, ch, 4, 2, 1)

    def forward(self, x):
        return torch.tanh(self.up(F.leaky_relu(self.down(x), 0.2)))


def r1(disc, src, tgt, gamma):
    tgt = tgt.detach().requires_grad_(True)
    logits = disc(src, tgt)
    (g,) = torch.autograd.grad(outputs=logits.sum(), inputs=tgt, create_graph=True)
    return 0.5 * gamma * g.pow(2).flatten(1).sum(1).mean()


def train(steps=2, bs=2, size=32, gamma=1.0, l1_w=100.0):
    G, D = TinyUNet(), PatchGAN()
    og = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.999))
    od = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.999))
    for _ in range(steps):
        a, b = torch.randn(bs, 3, size, size), torch.randn(bs, 3, size, size)
        fake = G(a)
        d_loss = F.softplus(D(a, fake.detach())).mean() + F.softplus(-D(a, b)).mean() + r1(D, a, b, gamma)
        od.zero_grad(set_to_none=True)
        d_loss.backward()
        od.step()
        g_loss = F.softplus(-D(a, fake)).mean() + l1_w * F.l1_loss(fake, b)
        og.zero_grad(set_to_none=True)
        g_loss.backward()
        og.step()


if __name__ == "__main__":
    train()
