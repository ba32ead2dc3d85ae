"""R1-regularised GAN on small glyph images; conv blocks pick their activation from a table kept as a class
attribute (`self.ACTS[act]()`)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvBlock(nn.Module):
    ACTS = {
        "relu6": nn.ReLU6,
        "prelu": nn.PReLU,
        "elu": nn.ELU,
        "tanh": nn.Tanh,
    }

    def __init__(self, c_in, c_out, act="tanh", transpose=False):
        super().__init__()
        conv = nn.ConvTranspose2d if transpose else nn.Conv2d
        self.conv = conv(c_in, c_out, 4, 2, 1)
        self.act = self.ACTS[act]()

    def forward(self, x):
        return self.act(self.conv(x))


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ConvBlock(1, 16, act="relu6"), ConvBlock(16, 32, act="prelu"))
        self.out = nn.Linear(32 * 4 * 4, 1)

    def forward(self, x):
        return self.out(self.blocks(x).flatten(1))


class Generator(nn.Module):
    def __init__(self, z_dim=32):
        super().__init__()
        self.fc = nn.Linear(z_dim, 32 * 4 * 4)
        self.up = nn.Sequential(ConvBlock(32, 16, act="elu", transpose=True), nn.ConvTranspose2d(16, 1, 4, 2, 1))

    def forward(self, z):
        return torch.tanh(self.up(self.fc(z).view(-1, 32, 4, 4)))


D, G = Discriminator(), Generator()
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.99))
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.99))
for step in range(2):
    real = torch.randn(8, 1, 16, 16).requires_grad_(True)
    d_real = D(real)
    (g_real,) = torch.autograd.grad(d_real.sum(), real, create_graph=True)
    r1 = g_real.pow(2).flatten(1).sum(1).mean()
    d_fake = D(G(torch.randn(8, 32)).detach())
    loss_d = F.softplus(d_fake).mean() + F.softplus(-d_real).mean() + 5.0 * r1
    opt_d.zero_grad()
    loss_d.backward()
    opt_d.step()
    loss_g = F.softplus(-D(G(torch.randn(8, 32)))).mean()
    opt_g.zero_grad()
    loss_g.backward()
    opt_g.step()
