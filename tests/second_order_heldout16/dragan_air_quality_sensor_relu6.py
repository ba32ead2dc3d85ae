"""DRAGAN for synthetic multi-sensor air-quality windows (PM2.5, NO2, O3, temperature, humidity)."""
import torch
import torch.nn as nn

N_SENSORS, WIN = 5, 32


class SeqGenerator(nn.Module):
    def __init__(self, z=16):
        super().__init__()
        self.rnn = nn.GRU(z, 32, batch_first=True)
        self.proj = nn.Linear(32, N_SENSORS)

    def forward(self, z):
        h, _ = self.rnn(z)
        return self.proj(h).transpose(1, 2)


class SeqCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv1d(N_SENSORS, 32, 5, padding=2),
            nn.ReLU6(),
            nn.Conv1d(32, 32, 5, stride=2, padding=2),
            nn.LeakyReLU(0.2),
        )
        self.head = nn.Linear(32 * WIN // 2, 1)

    def forward(self, x):
        return self.head(self.conv(x).flatten(1))


def dragan_penalty(D, real, lambda_=10.0, k=1.0):
    alpha = torch.rand(real.size(0), 1, 1)
    x_p = real + 0.5 * real.std() * torch.rand_like(real)
    x_hat = (alpha * real + (1 - alpha) * x_p).detach().requires_grad_(True)
    out = D(x_hat)
    g = torch.autograd.grad(out, x_hat, torch.ones_like(out), create_graph=True, retain_graph=True)[0]
    return lambda_ * ((g.view(g.size(0), -1).norm(2, dim=1) - k) ** 2).mean()


G, D = SeqGenerator(), SeqCritic()
bce = nn.BCEWithLogitsLoss()
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
for it in range(3):
    real = torch.randn(8, N_SENSORS, WIN)
    fake = G(torch.randn(8, WIN, 16))
    ones, zeros = torch.ones(8, 1), torch.zeros(8, 1)
    d_loss = bce(D(real), ones) + bce(D(fake.detach()), zeros) + dragan_penalty(D, real)
    opt_d.zero_grad(); d_loss.backward(); opt_d.step()
    g_loss = bce(D(fake), ones)
    opt_g.zero_grad(); g_loss.backward(); opt_g.step()
