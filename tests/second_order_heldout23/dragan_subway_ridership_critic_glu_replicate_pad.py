"""DRAGAN for synthetic hourly subway ridership curves (24 x 2 channels: entries, exits)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

lambda_gp, k_noise = 10.0, 0.5


class CausalConv(nn.Conv1d):
    def __init__(self, cin, cout, k):
        super().__init__(cin, cout, k)
        self.left = k - 1

    def forward(self, x):
        x = F.pad(x, (self.left, 0), mode="replicate")
        return super().forward(x)


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = CausalConv(2, 32, 3)
        self.gate = nn.GLU(dim=1)
        self.c2 = nn.Conv1d(16, 16, 3)
        self.fc = nn.Linear(16 * 24, 1)

    def forward(self, x):
        h = self.gate(self.c1(x))
        h = F.pad(h, (1, 1))
        h = F.leaky_relu(self.c2(h), 0.2)
        return self.fc(h.flatten(1))


G = nn.Sequential(nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 48), nn.Unflatten(1, (2, 24)))
D = Critic()
bce = nn.BCEWithLogitsLoss()
opt_d = torch.optim.Adam(D.parameters(), 2e-4, betas=(0.5, 0.999))
opt_g = torch.optim.Adam(G.parameters(), 2e-4, betas=(0.5, 0.999))
for it in range(3):
    x = torch.rand(8, 2, 24)
    fake = G(torch.randn(8, 10))
    d_real, d_fake = D(x), D(fake.detach())
    d_loss = bce(d_real, torch.ones_like(d_real)) + bce(d_fake, torch.zeros_like(d_fake))
    # DRAGAN: perturb real data only
    x_p = x + k_noise * x.std() * torch.rand_like(x)
    alpha = torch.rand(x.size(0), 1, 1)
    x_hat = (alpha * x + (1 - alpha) * x_p).requires_grad_(True)
    out = D(x_hat)
    grads = torch.autograd.grad(out, x_hat, torch.ones_like(out), create_graph=True, retain_graph=True)[0]
    gp = lambda_gp * ((grads.flatten(1).norm(2, dim=1) - 1) ** 2).mean()
    opt_d.zero_grad()
    (d_loss + gp).backward()
    opt_d.step()
    g_out = D(G(torch.randn(8, 10)))
    g_loss = bce(g_out, torch.ones_like(g_out))
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
