"""R1 penalty for a GAN on bioluminescent plankton micrographs whose critic runs its blocks under gradient
checkpointing (torch.utils.checkpoint, non-reentrant, which supports double backward): the gradient of the critic
w.r.t. real images keeps its graph and the penalty is backpropagated through the checkpointed blocks."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


class GlowBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.act = nn.Hardswish()
        self.pool = nn.AvgPool2d(2)

    def forward(self, x):
        return self.pool(self.act(self.conv(x)))


class Critic(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.stem = nn.Conv2d(1, c, 3, padding=1)
        self.blocks = nn.ModuleList([GlowBlock(c), GlowBlock(c)])
        self.head = nn.Linear(c * 4 * 4, 1)

    def forward(self, x):
        h = F.silu(self.stem(x))
        for block in self.blocks:
            h = checkpoint(block, h, use_reentrant=False)
        return self.head(h.flatten(1))


class Generator(nn.Module):
    def __init__(self, z=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z, 64), nn.ELU(), nn.Linear(64, 16 * 16))

    def forward(self, z):
        return torch.sigmoid(self.net(z)).view(-1, 1, 16, 16)


def micrographs(n=4):
    return torch.rand(n, 1, 16, 16) ** 3


def main(gamma=5.0):
    critic, gen = Critic(), Generator()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.99))
    for it in range(2):
        real = micrographs().requires_grad_(True)
        fake = gen(torch.randn(4, 8)).detach()
        out_real = critic(real)
        (g,) = torch.autograd.grad(out_real.sum(), real, create_graph=True)
        r1 = g.pow(2).flatten(1).sum(1).mean()
        loss_c = F.softplus(critic(fake)).mean() + F.softplus(-out_real).mean() + 0.5 * gamma * r1
        opt_c.zero_grad()
        loss_c.backward()
        opt_c.step()
        loss_g = F.softplus(-critic(gen(torch.randn(4, 8)))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(it, loss_c.item(), loss_g.item())


if __name__ == "__main__":
    main()
