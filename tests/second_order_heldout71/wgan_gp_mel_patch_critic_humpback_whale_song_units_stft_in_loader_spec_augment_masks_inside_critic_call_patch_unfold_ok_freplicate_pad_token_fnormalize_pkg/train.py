"""WGAN-GP for humpback whale song units. The critic always sees SpecAugment-ed spectrograms: the
masking is applied inside the critic call, also at the gradient-penalty interpolates."""
import logging

import torch
from torch.utils.data import DataLoader

from audio import SongUnits, spec_augment
from config import get_args
from models import PatchCritic, SpecGenerator

log = logging.getLogger("whale")


def critic_scores(critic, spec, args):
    return critic(spec_augment(spec, args.freq_mask, args.time_mask))


def penalty(critic, real, fake, args):
    eps = torch.rand(real.size(0), 1, 1, 1)
    x_hat = eps * real + (1 - eps) * fake.detach()
    x_hat.requires_grad_(True)
    out = critic_scores(critic, x_hat, args)
    (g,) = torch.autograd.grad(out.sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()


def main():
    args = get_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    loader = DataLoader(SongUnits(args), batch_size=args.batch, shuffle=True, drop_last=True)
    C, G = PatchCritic(args.patch), SpecGenerator(args.z_dim, 32, args.frames)
    opt_c = torch.optim.Adam(C.parameters(), 1e-4, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(G.parameters(), 1e-4, betas=(0.0, 0.9))
    step = 0
    while step < args.steps:
        for real in loader:
            fake = G(torch.randn(real.size(0), args.z_dim))
            w = critic_scores(C, fake.detach(), args).mean() - critic_scores(C, real, args).mean()
            gp = penalty(C, real, fake, args)
            opt_c.zero_grad()
            (w + args.gp * gp).backward()
            assert C.embed.weight.grad is not None
            opt_c.step()
            g_loss = -critic_scores(C, G(torch.randn(real.size(0), args.z_dim)), args).mean()
            opt_g.zero_grad()
            g_loss.backward()
            opt_g.step()
            log.info("step %d W %.4f gp %.4f", step, -w.item(), gp.item())
            step += 1
            if step >= args.steps:
                break


if __name__ == "__main__":
    main()
