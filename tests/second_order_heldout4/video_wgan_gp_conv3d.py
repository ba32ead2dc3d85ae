"""Video WGAN-GP: a 3-D convolutional critic scores clips at two temporal/spatial scales; the generator upsamples trilinearly."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ClipCritic(nn.Module):
    def __init__(self, ch=16, depth=3):
        super().__init__()
        layers, cin = [], 3
        for i in range(depth):
            cout = ch * 2 ** i
            layers += [nn.Conv3d(cin, cout, kernel_size=3, padding=1), nn.LeakyReLU(0.2)]
            cin = cout
        self.features = nn.Sequential(*layers)
        self.pool = nn.AvgPool3d(kernel_size=2)
        self.coarse = nn.Conv3d(3, cin, kernel_size=1)
        self.fc = nn.Linear(cin, 1)

    def forward(self, clip):
        low = F.interpolate(clip, scale_factor=0.5, mode="trilinear", align_corners=False)
        h = self.pool(self.features(clip)) + self.coarse(low)
        return self.fc(h.mean(dim=(2, 3, 4)))


class ClipGenerator(nn.Module):
    def __init__(self, nz=64, ch=16):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(nz, ch * 2 * 4 * 4)
        self.refine = nn.Conv3d(ch, 3, kernel_size=3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(z.size(0), self.ch, 2, 4, 4)
        h = F.interpolate(h, scale_factor=2, mode="trilinear", align_corners=False)
        return torch.tanh(self.refine(h))


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1, 1, device=real.device)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    score = critic(mixed)
    grads = torch.autograd.grad(
        outputs=score,
        inputs=mixed,
        grad_outputs=torch.ones_like(score),
        create_graph=True,
        retain_graph=True,
    )[0]
    return ((grads.flatten(1).norm(2, dim=1) - 1) ** 2).mean()


def train(loader, nz=64, n_critic=5, lam=10.0, steps=1000):
    G, D = ClipGenerator(nz), ClipCritic()
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for step, real in zip(range(steps), loader):
        z = torch.randn(real.size(0), nz)
        with torch.no_grad():
            fake = G(z)
        loss_d = D(fake).mean() - D(real).mean() + lam * gradient_penalty(D, real, fake)
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        if step % n_critic == 0:
            loss_g = -D(G(z)).mean()
            opt_g.zero_grad()
            loss_g.backward()
            opt_g.step()
