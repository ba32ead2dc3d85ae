# Satellite-tile GAN with a non-saturating loss and R1 regularisation on real images (Mescheder 2018).
import torch
import torch.nn as nn
import torch.nn.functional as F


class ChannelGain(nn.Module):
    """Fixed per-channel gains (a frozen calibration from the sensor's spectral response)."""

    def __init__(self, ch):
        super().__init__()
        self.register_buffer("gain", torch.linspace(1.0, 2.0, ch))

    def forward(self, x):
        g = F.normalize(self.gain, dim=0) * self.gain.numel() ** 0.5
        return x * g.view(1, -1, 1, 1)


class Discriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.from_rgb = nn.Conv2d(3, ch, 1)
        self.b1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.b2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.gain = ChannelGain(ch)
        self.down = nn.AvgPool2d(2)
        self.fc = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, img):
        x = F.leaky_relu(self.from_rgb(img), 0.2)
        x = self.down(self.gain(F.leaky_relu(self.b1(x), 0.2)))
        x = self.down(F.leaky_relu(self.b2(x), 0.2))
        return self.fc(x.flatten(1))


class Generator(nn.Module):
    def __init__(self, z=32, ch=16):
        super().__init__()
        self.fc = nn.Linear(z, ch * 4 * 4)
        self.up = nn.Upsample(scale_factor=4, mode="nearest")
        self.to_rgb = nn.Conv2d(ch, 3, 3, padding=1)

    def forward(self, z):
        return torch.tanh(self.to_rgb(self.up(self.fc(z).view(z.size(0), -1, 4, 4))))


G, D = Generator(), Discriminator()
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.99))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.99))
gamma = 10.0
for it in range(2):
    real = torch.randn(8, 3, 16, 16)
    fake = G(torch.randn(8, 32))
    real.requires_grad_(True)
    real_logits = D(real)
    d_loss = F.softplus(D(fake.detach())).mean() + F.softplus(-real_logits).mean()
    (r1_grads,) = torch.autograd.grad(real_logits.sum(), real, create_graph=True)
    r1 = r1_grads.pow(2).flatten(1).sum(1).mean()
    opt_d.zero_grad()
    (d_loss + gamma / 2 * r1).backward()
    opt_d.step()
    g_loss = F.softplus(-D(fake)).mean()
    opt_g.zero_grad(); g_loss.backward(); opt_g.step()
    print(it, d_loss.item(), r1.item(), g_loss.item())
