"""StyleGAN2-like discriminator (blur before downsampling, minibatch standard deviation, equalised linear) trained with a lazy R1 penalty."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Blur(nn.Module):
    def __init__(self, channels):
        super().__init__()
        k = torch.tensor([1.0, 2.0, 1.0])
        k = (k[:, None] * k[None, :]) / 16.0
        self.register_buffer("kernel", k.expand(channels, 1, 3, 3).clone())
        self.channels = channels

    def forward(self, x):
        return F.conv2d(x, self.kernel, padding=1, groups=self.channels)


class DownBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cin, 3, padding=1)
        self.blur = Blur(cin)
        self.conv2 = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        x = F.leaky_relu(self.conv1(x), 0.2) * math.sqrt(2)
        x = F.avg_pool2d(self.blur(x), 2)
        return F.leaky_relu(self.conv2(x), 0.2) * math.sqrt(2)


class MinibatchStd(nn.Module):
    def __init__(self, group=4):
        super().__init__()
        self.group = group

    def forward(self, x):
        n, c, h, w = x.shape
        g = min(self.group, n)
        y = x.view(g, -1, c, h, w)
        y = torch.sqrt(y.var(0, unbiased=False) + 1e-8).mean(dim=(1, 2, 3))
        y = y.view(-1, 1, 1, 1).repeat(g, 1, h, w)
        return torch.cat([x, y], 1)


class EqualLinear(nn.Module):
    def __init__(self, din, dout):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dout, din))
        self.bias = nn.Parameter(torch.zeros(dout))
        self.scale = 1 / math.sqrt(din)

    def forward(self, x):
        return F.linear(x, self.weight * self.scale, self.bias)


class Discriminator(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.stem = nn.Conv2d(3, ch, 1)
        self.blocks = nn.Sequential(DownBlock(ch, ch * 2), DownBlock(ch * 2, ch * 4))
        self.mbstd = MinibatchStd()
        self.final_conv = nn.Conv2d(ch * 4 + 1, ch * 4, 3, padding=1)
        self.fc = EqualLinear(ch * 4 * 8 * 8, ch * 4)
        self.out = EqualLinear(ch * 4, 1)

    def forward(self, img):
        x = self.blocks(F.leaky_relu(self.stem(img), 0.2))
        x = F.leaky_relu(self.final_conv(self.mbstd(x)), 0.2)
        return self.out(F.leaky_relu(self.fc(x.flatten(1)), 0.2))


def r1_penalty(d, real):
    real = real.detach().requires_grad_(True)
    logits = d(real)
    grad, = torch.autograd.grad(logits.sum(), real, create_graph=True)
    return grad.square().sum(dim=(1, 2, 3)).mean()


def train(G, loader, gamma=10.0, r1_every=16, iters=2000):
    D = Discriminator()
    opt = torch.optim.Adam(D.parameters(), lr=2e-3, betas=(0.0, 0.99))
    for i, real in zip(range(iters), loader):
        fake = G(torch.randn(real.size(0), 512)).detach()
        loss = F.softplus(D(fake)).mean() + F.softplus(-D(real)).mean()
        if i % r1_every == 0:
            loss = loss + gamma / 2 * r1_penalty(D, real) * r1_every
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
