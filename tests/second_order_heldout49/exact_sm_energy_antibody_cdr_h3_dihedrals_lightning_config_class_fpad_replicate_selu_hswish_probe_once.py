"""Exact (Hyvarinen) score matching of an energy model over antibody CDR-H3 backbone dihedrals.

The energy is periodic in every (phi, psi) through sin/cos features and a small conv stack along the loop.
Organised like our Lightning projects: Config -> EnergyModule(training_step, configure_optimizers) -> Trainer.
"""
import argparse
import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


class Config:
    loop_len = 6            # residues in the (trimmed) CDR-H3 loop
    width = 16
    lr = 2e-3
    batch = 16
    max_steps = 3
    aux_weight = 0.1        # secondary-structure probe on detached features
    langevin_steps = 5
    langevin_eps = 1e-2
    seed = 13


def get_parser():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--max-steps", type=int, default=Config.max_steps)
    p.add_argument("--width", type=int, default=Config.width)
    p.add_argument("--lr", type=float, default=Config.lr)
    return p


def _edge_pad(h):
    """Loop ends are not periodic along the sequence: replicate the terminal residues."""
    return F.pad(h, (1, 1), mode="replicate")


class TorsionEnergy(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.conv1 = nn.Conv1d(4, cfg.width, 3)
        self.conv2 = nn.Conv1d(cfg.width, cfg.width, 3)
        self.act = nn.SELU()
        self.readout = nn.Linear(cfg.width, 1)
        self.ss_probe = nn.Sequential(nn.Linear(cfg.width, 16), nn.Hardswish(), nn.Linear(16, 3))

    def features(self, ang):
        f = torch.cat([torch.sin(ang), torch.cos(ang)], dim=-1).transpose(1, 2)
        h = self.act(self.conv1(_edge_pad(f)))
        return self.act(self.conv2(_edge_pad(h)))

    def forward(self, ang):
        return self.readout(self.features(ang).mean(-1)).squeeze(-1)


def hyvarinen_objective(energy, ang):
    ang = ang.detach().requires_grad_(True)
    (score,) = torch.autograd.grad(-energy(ang).sum(), ang, create_graph=True)
    s = score.flatten(1)
    div = torch.zeros(s.shape[0])
    for i in range(s.shape[1]):
        (ds,) = torch.autograd.grad(s[:, i].sum(), ang, create_graph=True)
        div = div + ds.flatten(1)[:, i]
    return (0.5 * s.pow(2).sum(1) + div).mean()


class EnergyModule(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.cfg = config
        self.energy = TorsionEnergy(config)

    def configure_optimizers(self):
        return torch.optim.Adam(self.energy.parameters(), lr=self.cfg.lr)

    def training_step(self, batch, batch_idx):
        ang, ss = batch
        sm = hyvarinen_objective(self.energy, ang)
        feats = self.energy.features(ang).mean(-1).detach()
        aux = F.cross_entropy(self.energy.ss_probe(feats), ss)
        return sm + self.cfg.aux_weight * aux, {"sm": sm.item(), "ss_ce": aux.item()}

    def langevin_samples(self, n):
        x = (torch.rand(n, self.cfg.loop_len, 2) * 2 - 1) * math.pi
        for _ in range(self.cfg.langevin_steps):
            x = x.requires_grad_(True)
            (g,) = torch.autograd.grad(self.energy(x).sum(), x)
            with torch.no_grad():
                x = x - self.cfg.langevin_eps * g + math.sqrt(2 * self.cfg.langevin_eps) * torch.randn_like(x)
                x = torch.remainder(x + math.pi, 2 * math.pi) - math.pi
        return x.detach()


def cdr_batch(cfg, gen):
    """Von Mises mixture around three canonical loop conformations; label = dominant SS state."""
    centres = torch.tensor([[-1.1, -0.7], [-2.2, 2.4], [1.0, 0.6]])
    ss = torch.randint(0, 3, (cfg.batch,), generator=gen)
    base = centres[ss][:, None, :].expand(cfg.batch, cfg.loop_len, 2)
    noise = 0.3 * torch.randn(cfg.batch, cfg.loop_len, 2, generator=gen)
    return torch.remainder(base + noise + math.pi, 2 * math.pi) - math.pi, ss


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg

    def fit(self, module):
        gen = torch.Generator().manual_seed(self.cfg.seed)
        opt = module.configure_optimizers()
        for step in range(self.cfg.max_steps):
            t0 = time.time()
            loss, logs = module.training_step(cdr_batch(self.cfg, gen), step)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            print(f"step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()) + f" ({time.time() - t0:.2f}s)")
        samples = module.langevin_samples(8)
        print("langevin sample |phi| mean:", samples[..., 0].abs().mean().item())


if __name__ == "__main__":
    args = get_parser().parse_args()
    Config.max_steps, Config.width, Config.lr = args.max_steps, args.width, args.lr
    torch.manual_seed(Config.seed)
    Trainer(Config).fit(EnergyModule(Config))
