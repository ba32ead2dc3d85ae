"""Contrastive-divergence training of WeaveEnergy with a data-side gradient penalty."""
import torch
import torch.nn.functional as F

from config import get_args
from models import WeaveEnergy
from regularisers import energy_gradient_penalty, langevin_negatives


def weave_patches(n, size, gen):
    """Twill-like diagonal stripes with random period/phase plus thread noise, in [-1, 1]."""
    ii, jj = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    period = torch.randint(3, 6, (n, 1, 1), generator=gen).float()
    phase = torch.rand(n, 1, 1, generator=gen) * period
    stripes = torch.cos(2 * torch.pi * (ii + jj + phase) / period)
    x = 0.8 * stripes + 0.1 * torch.randn(n, size, size, generator=gen)
    return x.clamp(-1, 1).unsqueeze(1)


@torch.no_grad()
def rescale_jitter(x, gen):
    """Random zoom of the loom scan, resized back to the patch size."""
    s = int(x.shape[-1] * (1.0 + 0.25 * torch.rand(1, generator=gen).item()))
    return F.interpolate(F.interpolate(x, size=s, mode="bilinear", align_corners=False),
                         size=x.shape[-1], mode="bilinear", align_corners=False)


def main():
    args = get_args([])
    gen = torch.Generator().manual_seed(11)
    data = weave_patches(args.n_patches, args.patch, gen)
    energy = WeaveEnergy(args.width, args.pad_mode)
    opt = torch.optim.Adam(energy.parameters(), lr=args.lr, betas=(0.0, 0.999))
    for it in range(args.iters):
        pos = rescale_jitter(data[torch.randint(0, args.n_patches, (args.batch,), generator=gen)], gen)
        neg = langevin_negatives(energy, torch.rand_like(pos) * 2 - 1, args.langevin_steps,
                                 args.langevin_step, args.langevin_noise)
        gp, e_pos = energy_gradient_penalty(energy, pos, create_graph=args.gp_weight > 0)
        e_neg = energy(neg)
        loss = e_pos.mean() - e_neg.mean() + args.alpha * (e_pos.pow(2).mean() + e_neg.pow(2).mean())
        loss = loss + args.gp_weight * gp
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}  E+ {e_pos.mean().item():+.3f}  E- {e_neg.mean().item():+.3f}  gp {gp.item():.2e}")


if __name__ == "__main__":
    main()
