"""WGAN-GP on 32x32 images with a DCGAN-style critic that downsamples with average pooling."""
import torch
import torch.nn as nn
from torch import autograd


class Critic(nn.Module):
    def __init__(self, ch=64):
        super().__init__()
        self.conv1 = nn.Conv2d(3, ch, 3, padding=1)
        self.conv2 = nn.Conv2d(ch, ch * 2, 3, padding=1)
        self.conv3 = nn.Conv2d(ch * 2, ch * 4, 3, padding=1)
        self.act = nn.LeakyReLU(0.2)
        self.down = nn.AvgPool2d(kernel_size=2)
        self.fc = nn.Linear(ch * 4 * 4 * 4, 1)

    def forward(self, x):
        h = self.down(self.act(self.conv1(x)))
        h = self.down(self.act(self.conv2(h)))
        h = self.down(self.act(self.conv3(h)))
        return self.fc(h.flatten(1))


class Generator(nn.Module):
    def __init__(self, nz=128, ch=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.ConvTranspose2d(nz, ch * 4, 4, 1, 0),
            nn.BatchNorm2d(ch * 4),
            nn.ReLU(True),
            nn.ConvTranspose2d(ch * 4, ch * 2, 4, 2, 1),
            nn.BatchNorm2d(ch * 2),
            nn.ReLU(True),
            nn.ConvTranspose2d(ch * 2, ch, 4, 2, 1),
            nn.BatchNorm2d(ch),
            nn.ReLU(True),
            nn.ConvTranspose2d(ch, 3, 4, 2, 1),
            nn.Tanh(),
        )

    def forward(self, z):
        return self.net(z.view(z.size(0), -1, 1, 1))


def gradient_penalty(critic, real, fake, device):
    alpha = torch.rand(real.size(0), 1, 1, 1, device=device)
    interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    score = critic(interp)
    grads = autograd.grad(
        outputs=score,
        inputs=interp,
        grad_outputs=torch.ones_like(score),
        create_graph=True,
        retain_graph=True,
    )[0]
    grads = grads.view(grads.size(0), -1)
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


def train(loader, epochs=10, n_critic=5, lam=10.0, device="cpu"):
    G, D = Generator().to(device), Critic().to(device)
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for _ in range(epochs):
        for i, (real, _) in enumerate(loader):
            real = real.to(device)
            z = torch.randn(real.size(0), 128, device=device)
            fake = G(z).detach()
            d_loss = D(fake).mean() - D(real).mean()
            gp = gradient_penalty(D, real, fake, device)
            opt_d.zero_grad()
            (d_loss + lam * gp).backward()
            opt_d.step()
            if i % n_critic == 0:
                g_loss = -D(G(z)).mean()
                opt_g.zero_grad()
                g_loss.backward()
                opt_g.step()
