"""Point-cloud WGAN-GP (Achlioptas-style latent-free generator) whose DeepSets critic uses a robust
symmetric pooling: the per-feature median over points together with the mean. Gradient penalty on
interpolated clouds."""
import torch
import torch.nn as nn


class MedianMeanPool(nn.Module):
    def forward(self, h):                       # h: (B, N, C)
        med = torch.median(h, dim=1).values
        return torch.cat([med, h.mean(dim=1)], dim=-1)


class DeepSetsCritic(nn.Module):
    def __init__(self, d=3, hidden=128):
        super().__init__()
        self.phi = nn.Sequential(nn.Linear(d, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, hidden),
                                 nn.LeakyReLU(0.2))
        self.pool = MedianMeanPool()
        self.rho = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.LeakyReLU(0.2), nn.Linear(hidden, 1))

    def forward(self, pts):
        return self.rho(self.pool(self.phi(pts)))


class PointGenerator(nn.Module):
    def __init__(self, z=64, n_points=256):
        super().__init__()
        self.n = n_points
        self.net = nn.Sequential(nn.Linear(z, 256), nn.ReLU(), nn.Linear(256, 512), nn.ReLU(),
                                 nn.Linear(512, n_points * 3), nn.Tanh())

    def forward(self, z):
        return self.net(z).view(-1, self.n, 3)


def gradient_penalty(critic, real, fake):
    a = torch.rand(real.size(0), 1, 1)
    mix = (a * real + (1 - a) * fake).requires_grad_(True)
    grads = torch.autograd.grad(critic(mix), mix, grad_outputs=torch.ones(real.size(0), 1),
                                create_graph=True, retain_graph=True)[0]
    return ((grads.reshape(real.size(0), -1).norm(2, dim=1) - 1) ** 2).mean()


def fit(clouds, iters=10000, batch=32, n_critic=5, lam=10.0):
    G, D = PointGenerator(n_points=clouds.size(1)), DeepSetsCritic()
    og = torch.optim.Adam(G.parameters(), 1e-4, betas=(0.5, 0.9))
    od = torch.optim.Adam(D.parameters(), 1e-4, betas=(0.5, 0.9))
    for it in range(iters):
        for _ in range(n_critic):
            real = clouds[torch.randint(0, clouds.size(0), (batch,))]
            fake = G(torch.randn(batch, 64)).detach()
            loss_d = D(fake).mean() - D(real).mean() + lam * gradient_penalty(D, real, fake)
            od.zero_grad()
            loss_d.backward()
            od.step()
        loss_g = -D(G(torch.randn(batch, 64))).mean()
        og.zero_grad()
        loss_g.backward()
        og.step()
    return G


if __name__ == "__main__":
    fit(torch.rand(10, 64, 3) * 2 - 1, iters=1, batch=4, n_critic=1)
    print("ok")
