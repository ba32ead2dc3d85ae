"""CR-GAN consistency regularisation: the discriminator should score an image and its augmentation alike (no gradient of a gradient)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Discriminator(nn.Module):
    def __init__(self, ch=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, ch, 3, 1, 1), nn.ELU(),
            nn.AvgPool2d(2),
            nn.Conv2d(ch, ch * 2, 3, 1, 1), nn.ELU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
            nn.Linear(ch * 2, 1),
        )

    def forward(self, x):
        return self.net(x)


def augment(x):
    flip = torch.rand(x.size(0), 1, 1, 1) < 0.5
    x = torch.where(flip, x.flip(3), x)
    shift = F.pad(x, (4, 4, 4, 4), mode="reflect")
    i, j = torch.randint(0, 9, (2,)).tolist()
    return shift[:, :, i:i + x.size(2), j:j + x.size(3)]


def train(G, loader, lambda_cr=10.0, epochs=10):
    D = Discriminator()
    opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.999))
    opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.999))
    for _ in range(epochs):
        for real in loader:
            fake = G(torch.randn(real.size(0), 128))
            d_real = D(real)
            loss_d = F.relu(1 - d_real).mean() + F.relu(1 + D(fake.detach())).mean()
            loss_cr = (D(augment(real)) - d_real).pow(2).mean()
            opt_d.zero_grad()
            (loss_d + lambda_cr * loss_cr).backward()
            opt_d.step()
            loss_g = -D(fake).mean()
            opt_g.zero_grad()
            loss_g.backward()
            opt_g.step()
