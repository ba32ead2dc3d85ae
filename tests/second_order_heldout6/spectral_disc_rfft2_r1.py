"""GAN with a two-branch discriminator: a spatial conv branch and a frequency branch that looks at the
log-magnitude spectrum of the image (Durall et al. 2020 / "spectral" discriminators against up-sampling
artefacts). Non-saturating loss with a zero-centred R1 penalty on real images, lazy every 4 steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SpectralBranch(nn.Module):
    def __init__(self, size, hidden=128):
        super().__init__()
        n_freq = size * (size // 2 + 1)
        self.mlp = nn.Sequential(nn.Linear(n_freq, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))

    def forward(self, img):
        gray = img.mean(dim=1)
        spec = torch.fft.rfft2(gray, norm="ortho")
        logmag = torch.log1p(spec.abs())
        return self.mlp(logmag.flatten(1))


class TwoBranchD(nn.Module):
    def __init__(self, size=32, ch=32):
        super().__init__()
        self.spatial = nn.Sequential(
            nn.Conv2d(3, ch, 4, 2, 1), nn.LeakyReLU(0.2),
            nn.Conv2d(ch, ch * 2, 4, 2, 1), nn.LeakyReLU(0.2),
            nn.Conv2d(ch * 2, ch * 4, 4, 2, 1), nn.LeakyReLU(0.2),
            nn.Flatten(), nn.Linear(ch * 4 * (size // 8) ** 2, 1),
        )
        self.freq = SpectralBranch(size)

    def forward(self, x):
        return self.spatial(x) + self.freq(x)


class G(nn.Module):
    def __init__(self, zdim=64, size=32, ch=64):
        super().__init__()
        self.s0 = size // 8
        self.fc = nn.Linear(zdim, ch * 4 * self.s0 * self.s0)
        self.net = nn.Sequential(
            nn.ConvTranspose2d(ch * 4, ch * 2, 4, 2, 1), nn.BatchNorm2d(ch * 2), nn.ReLU(True),
            nn.ConvTranspose2d(ch * 2, ch, 4, 2, 1), nn.BatchNorm2d(ch), nn.ReLU(True),
            nn.ConvTranspose2d(ch, 3, 4, 2, 1), nn.Tanh(),
        )

    def forward(self, z):
        return self.net(self.fc(z).view(z.size(0), -1, self.s0, self.s0))


def r1_penalty(D, real):
    real = real.detach().requires_grad_(True)
    out = D(real)
    grad, = torch.autograd.grad(outputs=out.sum(), inputs=real, create_graph=True)
    return grad.pow(2).reshape(grad.size(0), -1).sum(1).mean()


def train(loader, steps=10000, zdim=64, r1_gamma=10.0, r1_every=4, device="cpu"):
    netG, netD = G(zdim).to(device), TwoBranchD().to(device)
    optG = torch.optim.Adam(netG.parameters(), 2e-4, betas=(0.0, 0.99))
    optD = torch.optim.Adam(netD.parameters(), 2e-4, betas=(0.0, 0.99))
    it = iter(loader)
    for step in range(steps):
        real = next(it).to(device)
        z = torch.randn(real.size(0), zdim, device=device)
        fake = netG(z)
        d_loss = F.softplus(netD(fake.detach())).mean() + F.softplus(-netD(real)).mean()
        if step % r1_every == 0:
            d_loss = d_loss + 0.5 * r1_gamma * r1_every * r1_penalty(netD, real)
        optD.zero_grad(set_to_none=True)
        d_loss.backward()
        optD.step()
        g_loss = F.softplus(-netD(netG(z))).mean()
        optG.zero_grad(set_to_none=True)
        g_loss.backward()
        optG.step()
    return netG, netD


if __name__ == "__main__":
    data = [torch.rand(4, 3, 32, 32) * 2 - 1 for _ in range(2)]
    train(data, steps=2)
