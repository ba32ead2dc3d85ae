# Terrain GAN on digital elevation model tiles with lazy R1 regularisation (StyleGAN2-style loop)
import torch
from torch import nn
from torch.nn import functional as F


class TerrainD(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1),
            nn.GELU(approximate="tanh"),
            nn.AvgPool2d(2),
            nn.Conv2d(ch, ch * 2, 3, padding=1),
            nn.LeakyReLU(0.2),
        )
        self.out = nn.Linear(ch * 2 * 8 * 8, 1)

    def forward(self, dem):
        return self.out(self.body(dem).flatten(1))


class TerrainG(nn.Module):
    def __init__(self, z_dim=32):
        super().__init__()
        self.fc = nn.Linear(z_dim, 16 * 8 * 8)
        self.up = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(16, 1, 3, padding=1))

    def forward(self, z):
        return self.up(F.silu(self.fc(z)).view(-1, 16, 8, 8))


def d_r1_loss(real_pred, real_img):
    grad_real, = torch.autograd.grad(outputs=real_pred.sum(), inputs=real_img, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.shape[0], -1).sum(1).mean()


def train(steps=4, r1_every=2, r1_gamma=10.0):
    G, D = TerrainG(), TerrainD()
    g_opt = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.0, 0.99))
    d_opt = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.0, 0.99))
    for i in range(steps):
        real = torch.randn(4, 1, 16, 16)
        fake = G(torch.randn(4, 32))
        d_loss = F.softplus(D(fake.detach())).mean() + F.softplus(-D(real)).mean()
        d_opt.zero_grad(); d_loss.backward(); d_opt.step()

        if i % r1_every == 0:
            real.requires_grad = True
            real_pred = D(real)
            r1 = d_r1_loss(real_pred, real)
            d_opt.zero_grad()
            (r1_gamma / 2 * r1 * r1_every + 0 * real_pred[0, 0]).backward()
            d_opt.step()

        g_loss = F.softplus(-D(G(torch.randn(4, 32)))).mean()
        g_opt.zero_grad(); g_loss.backward(); g_opt.step()


if __name__ == "__main__":
    train()
