"""Contrastive-divergence training of the track-segment EBM."""
import math

import torch

from config import CONFIG
from energy import TrackEnergy, input_gradient_penalty
from sampler import ReplayBuffer, sgld


def synth_tracks(n, seg_len, gen):
    """Recurving tracks: westward / north-westward motion that turns north-east after a random time."""
    t = torch.arange(seg_len).float()
    turn = torch.randint(6, seg_len - 6, (n, 1), generator=gen).float()
    heading = torch.where(t < turn, torch.tensor(2.4), torch.tensor(0.8)) + 0.1 * torch.randn(n, seg_len, generator=gen)
    speed = 0.3 + 0.05 * torch.randn(n, seg_len, generator=gen)
    return torch.stack([speed * torch.sin(heading), speed * torch.cos(heading)], dim=1) / 0.3


def main():
    cfg = CONFIG
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    energy = TrackEnergy(cfg.width)
    opt = torch.optim.Adam(energy.parameters(), lr=cfg.lr, betas=(0.0, 0.999))
    buffer = ReplayBuffer(cfg.buffer_size, (2, cfg.seg_len), gen)
    for it in range(cfg.iters):
        pos = synth_tracks(cfg.batch, cfg.seg_len, gen)
        init, idx = buffer.sample(cfg.batch, cfg.reinit_prob)
        neg = sgld(energy, init, cfg.sgld_steps, cfg.sgld_step_size, cfg.sgld_noise)
        buffer.push(neg, idx)
        e_pos, e_neg = energy(pos), energy(neg)
        loss = e_pos.mean() - e_neg.mean() + cfg.alpha_l2 * (e_pos.pow(2).mean() + e_neg.pow(2).mean())
        if cfg.gp_weight > 0:
            loss = loss + cfg.gp_weight * input_gradient_penalty(energy, pos)
        opt.zero_grad()
        loss.backward()
        opt.step()
        gap = (e_pos.mean() - e_neg.mean()).item()
        print(f"iter {it} cd loss {loss.item():.4f} energy gap {gap:.4f} (log-ratio {math.exp(-gap):.3f})")


if __name__ == "__main__":
    main()
