import torch
import torch.nn.functional as F

from models import DiscConfig, Generator, MultiHeadDiscriminator, ReplicaWrapper
from regularizers import dragan_penalty


def train(loaders, iters=20000, lam=10.0):
    cfg = DiscConfig(norm="gn")
    D = ReplicaWrapper(MultiHeadDiscriminator(cfg))
    G = Generator(len(cfg.domains))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.99))
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.99))
    for it in range(iters):
        src_idx, tgt_idx = torch.randint(0, len(cfg.domains), (2,)).tolist()
        real_src, real_tgt = next(iter(loaders[src_idx])), next(iter(loaders[tgt_idx]))
        tgt = cfg.domains[tgt_idx]
        fake = G(real_src, torch.full((real_src.size(0),), tgt_idx))
        loss_d = F.softplus(-D(real_tgt, tgt)).mean() + F.softplus(D(fake.detach(), tgt)).mean() \
            + lam * dragan_penalty(D, real_tgt, tgt)
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        loss_g = F.softplus(-D(fake, tgt)).mean() + (fake - real_src).abs().mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
    return G, D.module


if __name__ == "__main__":
    batches = [[torch.randn(2, 3, 32, 32)] for _ in range(3)]
    train(batches, iters=1)
