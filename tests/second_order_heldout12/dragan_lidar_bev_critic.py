# DRAGAN for bird's-eye-view LiDAR occupancy grids (scene generation for planning tests).
import torch
import torch.nn as nn
import torch.nn.functional as F

GRID = 16


class BEVGenerator(nn.Module):
    def __init__(self, z_dim=32):
        super().__init__()
        self.fc = nn.Linear(z_dim, 32 * 4 * 4)
        self.up1 = nn.ConvTranspose2d(32, 16, 4, 2, 1)
        self.up2 = nn.ConvTranspose2d(16, 1, 4, 2, 1)

    def forward(self, z):
        h = F.relu(self.fc(z)).view(-1, 32, 4, 4)
        return torch.sigmoid(self.up2(F.relu(self.up1(h))))


class BEVCritic(nn.Module):
    """Two-scale critic: a full-resolution branch and a 2x-upsampled branch for thin structures."""

    def __init__(self):
        super().__init__()
        self.fine = nn.Conv2d(1, 16, 3, padding=1)
        self.coarse = nn.Conv2d(1, 16, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.head = nn.Linear(32 * (GRID // 2) ** 2, 1)

    def forward(self, occ):
        a = self.pool(F.leaky_relu(self.fine(occ), 0.2))
        up = F.interpolate(occ, scale_factor=2, mode="bilinear", align_corners=False)
        b = F.leaky_relu(self.coarse(up), 0.2)
        b = F.avg_pool2d(b, 4)
        return self.head(torch.cat([a, b], 1).flatten(1))


def dragan_penalty(D, real, k=10.0, c=0.5):
    noisy = real + c * real.std() * torch.rand_like(real)
    alpha = torch.rand(real.size(0), 1, 1, 1)
    x_hat = (alpha * real + (1 - alpha) * noisy).detach().requires_grad_(True)
    d_hat = D(x_hat)
    g = torch.autograd.grad(d_hat, x_hat, torch.ones_like(d_hat), create_graph=True)[0]
    return k * (g.flatten(1).norm(dim=1) - 1).pow(2).mean()


G, D = BEVGenerator(), BEVCritic()
og = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.999))
od = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.999))
ones, zeros = torch.ones(8, 1), torch.zeros(8, 1)
for it in range(2):
    real = (torch.rand(8, 1, GRID, GRID) > 0.7).float()
    fake = G(torch.randn(8, 32))
    d_loss = (F.binary_cross_entropy_with_logits(D(real), ones)
              + F.binary_cross_entropy_with_logits(D(fake.detach()), zeros)
              + dragan_penalty(D, real))
    od.zero_grad(); d_loss.backward(); od.step()
    g_loss = F.binary_cross_entropy_with_logits(D(fake), ones)
    og.zero_grad(); g_loss.backward(); og.step()
    print(it, d_loss.item(), g_loss.item())
