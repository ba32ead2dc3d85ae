import torch

from losses import mmd2_unbiased, witness_penalty
from models import FeatureCritic, Generator


def train(loader, z_dim=128, iters=10000, lam=1.0, n_critic=5):
    G, D = Generator(z_dim), FeatureCritic()
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.5, 0.9))
    data = iter(loader)
    for it in range(iters):
        for _ in range(n_critic):
            try:
                real = next(data)
            except StopIteration:
                data = iter(loader)
                real = next(data)
            fake = G(torch.randn(real.size(0), z_dim)).detach()
            loss_d = -mmd2_unbiased(D(real), D(fake)) + lam * witness_penalty(D, real, fake)
            opt_d.zero_grad()
            loss_d.backward()
            opt_d.step()
        fake = G(torch.randn(real.size(0), z_dim))
        loss_g = mmd2_unbiased(D(real), D(fake))
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
    return G, D


if __name__ == "__main__":
    train([torch.randn(4, 3, 32, 32)], iters=1, n_critic=1)
