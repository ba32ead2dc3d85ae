# WGAN-LP (Petzka et al.) for mel-spectrogram frames: one-sided Lipschitz penalty
import torch
from torch import nn


class MelCritic(nn.Module):
    def __init__(self, n_mels=20, ch=32):
        super().__init__()
        self.conv_a = nn.Conv1d(n_mels, ch, kernel_size=5, padding=2)
        self.conv_b = nn.Conv1d(ch, ch * 2, kernel_size=3, padding=1)
        self.act = nn.LeakyReLU(0.2)
        self.pool = nn.AvgPool1d(kernel_size=2, stride=2)
        self.fc = nn.Linear(ch * 2, 1)

    def forward(self, mel):
        h = self.act(self.conv_a(mel))
        h = self.pool(h)
        h = self.act(self.conv_b(h))
        return self.fc(h.mean(-1))


class FrameGenerator(nn.Module):
    def __init__(self, z_dim=16, n_mels=20, frames=16):
        super().__init__()
        self.n_mels, self.frames = n_mels, frames
        self.net = nn.Sequential(nn.Linear(z_dim, 128), nn.Tanh(), nn.Linear(128, n_mels * frames))

    def forward(self, z):
        return self.net(z).view(-1, self.n_mels, self.frames)


def lipschitz_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
    out = critic(mix)
    g, = torch.autograd.grad(outputs=out.sum(), inputs=mix, create_graph=True)
    slope = g.flatten(1).norm(dim=1)
    return torch.clamp(slope - 1.0, min=0.0).pow(2).mean()


def train(steps=2, bs=8):
    G, D = FrameGenerator(), MelCritic()
    optD = torch.optim.Adam(D.parameters(), 1e-4, betas=(0.0, 0.9))
    optG = torch.optim.Adam(G.parameters(), 1e-4, betas=(0.0, 0.9))
    for step in range(steps):
        real = torch.randn(bs, 20, 16)
        fake = G(torch.randn(bs, 16)).detach()
        d_loss = D(fake).mean() - D(real).mean() + 10.0 * lipschitz_penalty(D, real, fake)
        optD.zero_grad(); d_loss.backward(); optD.step()
        g_loss = -D(G(torch.randn(bs, 16))).mean()
        optG.zero_grad(); g_loss.backward(); optG.step()
        print(step, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    train()
