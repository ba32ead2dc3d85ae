"""WGAN-GP on 16x16 grey cross-sections of laminated croissant dough (synthetic stand-in data)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

LATENT = 16
GP_WEIGHT = 10.0


class Generator(nn.Module):
    def __init__(self, latent=LATENT, ch=8):
        super().__init__()
        self.fc = nn.Linear(latent, ch * 4 * 4)
        self.up = nn.Sequential(
            nn.ConvTranspose2d(ch, ch, 4, 2, 1), nn.BatchNorm2d(ch), nn.ReLU(),
            nn.ConvTranspose2d(ch, 1, 4, 2, 1), nn.Tanh(),
        )
        self.ch = ch

    def forward(self, z):
        return self.up(self.fc(z).view(-1, self.ch, 4, 4))


class Critic(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv2d(1, ch, 3, padding=1)
        self.norm1 = nn.GroupNorm(2, ch)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.act = nn.LeakyReLU(0.2)
        self.out = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, x):
        h = self.act(self.norm1(self.conv1(x)))
        h = F.avg_pool2d(h, 2)
        h = self.act(self.conv2(h))
        h = F.avg_pool2d(h, 2)
        return self.out(h.flatten(1))


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1)
    mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
    score = critic(mix)
    grads = torch.autograd.grad(score.sum(), mix, create_graph=True)[0]
    return ((grads.flatten(1).norm(2, dim=1) - 1) ** 2).mean()


def main():
    torch.manual_seed(0)
    gen, critic = Generator(), Critic()
    opt_g = torch.optim.Adam(gen.parameters(), 1e-4, betas=(0.0, 0.9))
    opt_c = torch.optim.Adam(critic.parameters(), 1e-4, betas=(0.0, 0.9))
    data = torch.tanh(torch.randn(32, 1, 16, 16))
    for step in range(3):
        real = data[torch.randint(0, 32, (8,))]
        with torch.no_grad():
            fake = gen(torch.randn(8, LATENT))
        loss_c = critic(fake).mean() - critic(real).mean() + GP_WEIGHT * gradient_penalty(critic, real, fake)
        opt_c.zero_grad()
        loss_c.backward()
        opt_c.step()
        loss_g = -critic(gen(torch.randn(8, LATENT))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(step, loss_c.item(), loss_g.item())


if __name__ == "__main__":
    main()
