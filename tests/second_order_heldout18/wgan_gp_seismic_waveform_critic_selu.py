import torch
import torch.nn as nn

LAMBDA_GP = 10.0


class WaveCritic(nn.Module):
    def __init__(self, n=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n, 128),
            nn.SELU(),
            nn.Linear(128, 64),
            nn.SELU(),
            nn.Linear(64, 1),
        )

    def forward(self, w):
        return self.net(w)


class WaveGen(nn.Module):
    def __init__(self, z=16, n=64):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z, 128), nn.ReLU(), nn.Linear(128, n), nn.Tanh())

    def forward(self, z):
        return self.net(z)


def compute_gradient_penalty(D, real_samples, fake_samples):
    alpha = torch.rand(real_samples.size(0), 1)
    interpolates = (alpha * real_samples + ((1 - alpha) * fake_samples)).requires_grad_(True)
    d_interpolates = D(interpolates)
    fake = torch.ones(real_samples.size(0), 1)
    gradients = torch.autograd.grad(outputs=d_interpolates, inputs=interpolates, grad_outputs=fake,
                                    create_graph=True, retain_graph=True, only_inputs=True)[0]
    return ((gradients.norm(2, dim=1) - 1) ** 2).mean()


G, D = WaveGen(), WaveCritic()
opt_G = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))
opt_D = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
for it in range(2):
    real = torch.randn(8, 64)
    z = torch.randn(8, 16)
    fake = G(z).detach()
    gp = compute_gradient_penalty(D, real, fake)
    d_loss = -D(real).mean() + D(fake).mean() + LAMBDA_GP * gp
    opt_D.zero_grad()
    d_loss.backward()
    opt_D.step()
    if it % 5 == 0:
        g_loss = -D(G(torch.randn(8, 16))).mean()
        opt_G.zero_grad()
        g_loss.backward()
        opt_G.step()
