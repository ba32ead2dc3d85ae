"""Synthetic 12-lead ECG generation with WGAN-LP (Petzka et al.): a multi-resolution 1-D critic sees the beat
at 500 Hz, resampled to 250 Hz, and smoothed to 125 Hz; one-sided Lipschitz penalty on interpolates."""
import torch
from torch import nn
import torch.nn.functional as F

LEADS, LENGTH, Z = 12, 256, 64


class Branch(nn.Sequential):
    def __init__(self, ch=32):
        super().__init__(
            nn.Conv1d(LEADS, ch, 7, padding=3), nn.LeakyReLU(0.2),
            nn.Conv1d(ch, ch, 5, stride=2, padding=2), nn.LeakyReLU(0.2),
            nn.Conv1d(ch, ch, 5, stride=2, padding=2), nn.LeakyReLU(0.2),
        )


class MultiResCritic(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.b500, self.b250, self.b125 = Branch(ch), Branch(ch), Branch(ch)
        self.head = nn.Linear(3 * ch, 1)

    def forward(self, ecg):
        x_half = F.interpolate(ecg, scale_factor=0.5, mode="linear", align_corners=False)
        x_quarter = F.avg_pool1d(x_half, kernel_size=2)
        feats = [b(x).mean(dim=-1) for b, x in ((self.b500, ecg), (self.b250, x_half), (self.b125, x_quarter))]
        return self.head(torch.cat(feats, dim=1))


class Generator(nn.Module):
    def __init__(self, ch=64):
        super().__init__()
        self.fc = nn.Linear(Z, ch * LENGTH // 8)
        self.net = nn.Sequential(
            nn.ConvTranspose1d(ch, ch, 4, 2, 1), nn.ReLU(),
            nn.ConvTranspose1d(ch, ch, 4, 2, 1), nn.ReLU(),
            nn.ConvTranspose1d(ch, LEADS, 4, 2, 1), nn.Tanh(),
        )
        self.ch = ch

    def forward(self, z):
        return self.net(self.fc(z).view(z.size(0), self.ch, LENGTH // 8))


def lipschitz_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    out = critic(x_hat)
    g = torch.autograd.grad(out.sum(), x_hat, create_graph=True)[0]
    return F.relu(g.flatten(1).norm(dim=1) - 1.0).pow(2).mean()


def train(loader, epochs=1, n_critic=5, lam=10.0):
    G, D = Generator(), MultiResCritic()
    opt_g = torch.optim.Adam(G.parameters(), 1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), 1e-4, betas=(0.0, 0.9))
    for _ in range(epochs):
        for i, real in enumerate(loader):
            fake = G(torch.randn(real.size(0), Z)).detach()
            d_loss = D(fake).mean() - D(real).mean() + lam * lipschitz_penalty(D, real, fake)
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()
            if i % n_critic == 0:
                g_loss = -D(G(torch.randn(real.size(0), Z))).mean()
                opt_g.zero_grad()
                g_loss.backward()
                opt_g.step()
    return G


if __name__ == "__main__":
    train([torch.randn(4, LEADS, LENGTH) for _ in range(2)])
    print("ok")
