"""A WGAN critic step whose 'gradient penalty' is computed with create_graph=False: the penalty is a constant, only logged and added (first order)."""
import torch
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self, ch=64):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(3, ch, 4, 2, 1), nn.ELU(),
            nn.Conv2d(ch, ch * 2, 4, 2, 1), nn.ELU(),
            nn.AvgPool2d(2),
        )
        self.fc = nn.Linear(ch * 2 * 4 * 4, 1)

    def forward(self, x):
        return self.fc(self.main(x).flatten(1))


def penalty_value(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1)
    x = (eps * real + (1 - eps) * fake).requires_grad_(True)
    g = torch.autograd.grad(critic(x).sum(), x, create_graph=False, retain_graph=False)[0]
    return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()


def train(G, loader, epochs=10, clip=0.01):
    critic = Critic()
    opt = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
    for _ in range(epochs):
        for real in loader:
            fake = G(torch.randn(real.size(0), 100)).detach()
            gp = penalty_value(critic, real, fake)
            loss = critic(fake).mean() - critic(real).mean() + 10.0 * gp
            opt.zero_grad()
            loss.backward()
            opt.step()
            for p in critic.parameters():
                p.data.clamp_(-clip, clip)
            print("gp", gp.item())
