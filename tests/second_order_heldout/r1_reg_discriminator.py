"""Non-saturating GAN with lazy R1 regularisation on real images (StyleGAN2-style D)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import autograd


class DownBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv0 = nn.Conv2d(cin, cin, 3, padding=1)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1, bias=False)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x):
        y = self.act(self.conv0(x))
        y = self.act(self.conv1(y))
        y = F.interpolate(y, scale_factor=0.5, mode="bilinear", align_corners=False)
        s = F.interpolate(self.skip(x), scale_factor=0.5, mode="bilinear", align_corners=False)
        return (y + s) / 2 ** 0.5


class Discriminator(nn.Module):
    def __init__(self, res=64, ch=64):
        super().__init__()
        self.from_rgb = nn.Conv2d(3, ch, 1)
        blocks, c = [], ch
        while res > 4:
            blocks.append(DownBlock(c, min(c * 2, 512)))
            c, res = min(c * 2, 512), res // 2
        self.blocks = nn.Sequential(*blocks)
        self.final = nn.Sequential(nn.Flatten(), nn.Linear(c * 16, c), nn.LeakyReLU(0.2), nn.Linear(c, 1))

    def forward(self, img):
        return self.final(self.blocks(self.from_rgb(img)))


def d_r1_loss(real_pred, real_img):
    (grad_real,) = autograd.grad(outputs=real_pred.sum(), inputs=real_img, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.shape[0], -1).sum(1).mean()


def d_logistic_loss(real_pred, fake_pred):
    real_loss = F.binary_cross_entropy_with_logits(real_pred, torch.ones_like(real_pred))
    fake_loss = F.binary_cross_entropy_with_logits(fake_pred, torch.zeros_like(fake_pred))
    return real_loss + fake_loss


def train_discriminator(D, G, real_img, opt_d, step, r1_gamma=10.0, r1_every=16):
    fake_img = G(torch.randn(real_img.size(0), 512)).detach()
    d_loss = d_logistic_loss(D(real_img), D(fake_img))
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    if step % r1_every == 0:
        real_img.requires_grad = True
        real_pred = D(real_img)
        r1 = d_r1_loss(real_pred, real_img)
        opt_d.zero_grad()
        (r1_gamma / 2 * r1 * r1_every + 0 * real_pred[0]).backward()
        opt_d.step()
