"""Denoising score matching with an energy-parameterised score: s(x) = -dE/dx from a small U-Net energy,
so the DSM loss backpropagates through a gradient taken with create_graph=True."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Down(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        return F.avg_pool2d(F.silu(self.conv(x)), 2)


class Up(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x, skip):
        x = F.interpolate(x, scale_factor=2.0, mode="nearest")
        return F.silu(self.conv(torch.cat([x, skip], dim=1)))


class EnergyUNet(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.inc = nn.Conv2d(3, ch, 3, padding=1)
        self.d1, self.d2 = Down(ch, ch * 2), Down(ch * 2, ch * 4)
        self.u1, self.u2 = Up(ch * 4 + ch * 2, ch * 2), Up(ch * 2 + ch, ch)
        self.outc = nn.Conv2d(ch, 3, 1)

    def energy(self, x, sigma):
        h0 = F.silu(self.inc(x))
        h1 = self.d1(h0)
        h2 = self.d2(h1)
        y = self.outc(self.u2(self.u1(h2, h1), h0))
        return 0.5 * ((x - y) ** 2).flatten(1).sum(1) / sigma.flatten()

    def score(self, x, sigma):
        x = x.requires_grad_(True)
        e = self.energy(x, sigma).sum()
        return -torch.autograd.grad(e, x, create_graph=self.training)[0]


def dsm_loss(model, x, sigmas):
    idx = torch.randint(len(sigmas), (x.size(0),))
    sigma = sigmas[idx].view(-1, 1, 1, 1)
    noise = torch.randn_like(x) * sigma
    s = model.score(x + noise, sigma)
    return 0.5 * ((s * sigma + noise / sigma) ** 2).flatten(1).sum(1).mean()


def train(loader, epochs=20):
    model = EnergyUNet()
    sigmas = torch.exp(torch.linspace(torch.log(torch.tensor(1.0)), torch.log(torch.tensor(0.01)), 10))
    opt = torch.optim.Adam(model.parameters(), lr=1e-4)
    model.train()
    for _ in range(epochs):
        for x, _ in loader:
            loss = dsm_loss(model, x, sigmas)
            opt.zero_grad()
            loss.backward()
            opt.step()
