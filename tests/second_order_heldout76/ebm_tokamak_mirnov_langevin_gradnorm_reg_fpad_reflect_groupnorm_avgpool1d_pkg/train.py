"""Energy-based model of tokamak Mirnov-coil fluctuation windows.

Contrastive divergence with a replay buffer; the energy surface is kept smooth around the
Langevin samples with a gradient-norm penalty ||d E / d x||^2 (create_graph=True).
"""
import logging

import torch

from config import get_config
from energy import MirnovEnergy, input_gradient
from sampler import ReplayBuffer, langevin

log = logging.getLogger("mirnov_ebm")


def synthetic_shots(args, gen):
    t = torch.linspace(0, 1, args.window)
    phase = torch.linspace(0, 2 * torch.pi, args.coils + 1)[:-1]
    freq = 8 + 6 * torch.rand(args.n_shots, 1, 1, generator=gen)
    mode_n = torch.randint(1, 3, (args.n_shots, 1, 1), generator=gen)
    x = torch.sin(2 * torch.pi * freq * t + mode_n * phase[:, None])
    return x + 0.1 * torch.randn(x.shape, generator=gen)


def ebm_losses(energy, pos, neg):
    e_pos = energy(pos)
    neg = neg.requires_grad_(True)
    e_neg, g_neg = input_gradient(energy, neg, create_graph=True)
    return {
        "cd": e_pos.mean() - e_neg.mean(),
        "energy_l2": (e_pos ** 2).mean() + (e_neg ** 2).mean(),
        "grad_norm": g_neg.flatten(1).pow(2).sum(-1).mean(),
    }


def main():
    args = get_config()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(args.seed)
    data = synthetic_shots(args, gen)
    energy = MirnovEnergy(args.coils, args.width)
    opt = torch.optim.Adam(energy.parameters(), lr=args.lr, betas=(0.0, 0.999))
    buffer = ReplayBuffer(args.buffer_size, args.coils, args.window, args.reinit_freq, gen)

    for epoch in range(args.epochs):
        perm = torch.randperm(data.shape[0], generator=gen)
        for i in range(0, data.shape[0], args.batch):
            pos = data[perm[i:i + args.batch]]
            x0, idx = buffer.sample(pos.shape[0])
            neg = langevin(energy, x0, args.langevin_steps, args.langevin_step_size, args.langevin_noise)
            buffer.push(neg, idx)
            terms = ebm_losses(energy, pos, neg)
            loss = sum(args.loss_weights[k] * v for k, v in terms.items())
            opt.zero_grad()
            loss.backward()
            opt.step()
        log.info("epoch %d " + " ".join(f"{k}=%.4f" for k in terms), epoch, *[v.item() for v in terms.values()])
    g = energy.conv1.weight.grad
    assert g is not None and g.abs().sum() > 0


if __name__ == "__main__":
    main()
