"""WGAN-GP for 64x64 faces; critic is a strided-conv nn.Sequential, generator upsamples bilinearly."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class UpGenerator(nn.Module):
    def __init__(self, nz=100):
        super().__init__()
        self.fc = nn.Linear(nz, 256 * 8 * 8)
        self.c1 = nn.Conv2d(256, 128, 3, padding=1)
        self.c2 = nn.Conv2d(128, 64, 3, padding=1)
        self.c3 = nn.Conv2d(64, 3, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(-1, 256, 8, 8)
        h = F.relu(self.c1(F.interpolate(h, scale_factor=2, mode="bilinear", align_corners=False)))
        h = F.relu(self.c2(F.interpolate(h, scale_factor=2, mode="bilinear", align_corners=False)))
        return torch.tanh(self.c3(F.interpolate(h, scale_factor=2, mode="bilinear", align_corners=False)))


def build_critic():
    return nn.Sequential(
        nn.Conv2d(3, 64, 4, 2, 1),
        nn.LeakyReLU(0.2, inplace=True),
        nn.Conv2d(64, 128, 4, 2, 1),
        nn.LeakyReLU(0.2, inplace=True),
        nn.Conv2d(128, 256, 4, 2, 1),
        nn.LeakyReLU(0.2, inplace=True),
        nn.Conv2d(256, 512, 4, 2, 1),
        nn.LeakyReLU(0.2, inplace=True),
        nn.Flatten(),
        nn.Linear(512 * 4 * 4, 1),
    )


class Trainer:
    def __init__(self, device="cpu"):
        self.G = UpGenerator().to(device)
        self.D = build_critic().to(device)
        self.opt_g = torch.optim.Adam(self.G.parameters(), 1e-4, betas=(0.0, 0.9))
        self.opt_d = torch.optim.Adam(self.D.parameters(), 1e-4, betas=(0.0, 0.9))
        self.device = device

    def _gp(self, real, fake):
        e = torch.rand(real.size(0), 1, 1, 1, device=self.device)
        x = (e * real + (1 - e) * fake).requires_grad_(True)
        d = self.D(x)
        gr = torch.autograd.grad(outputs=d, inputs=x, grad_outputs=torch.ones_like(d),
                                 create_graph=True, retain_graph=True, only_inputs=True)[0]
        return ((gr.view(gr.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()

    def d_step(self, real):
        z = torch.randn(real.size(0), 100, device=self.device)
        fake = self.G(z).detach()
        loss = self.D(fake).mean() - self.D(real).mean() + 10.0 * self._gp(real, fake)
        self.opt_d.zero_grad()
        loss.backward()
        self.opt_d.step()

    def g_step(self, n):
        z = torch.randn(n, 100, device=self.device)
        loss = -self.D(self.G(z)).mean()
        self.opt_g.zero_grad()
        loss.backward()
        self.opt_g.step()
