"""Fit a hand-written message-passing force field to synthetic LLZO garnet cluster snapshots."""
import logging

import torch

from config import FFConfig
from losses import force_field_loss
from model import GarnetFF

log = logging.getLogger("garnet.ff")


def reference_potential(z, pos, cluster):
    """Toy Buckingham-like reference: returns per-cluster energies and forces."""
    pos = pos.clone().requires_grad_(True)
    charge = torch.tensor([1.0, 3.0, 4.0, -2.0])[z]
    diff = pos.unsqueeze(0) - pos.unsqueeze(1)
    r = (diff.pow(2).sum(-1) + torch.eye(len(z)) + 1e-9).sqrt()
    same = (cluster.unsqueeze(0) == cluster.unsqueeze(1)) & ~torch.eye(len(z), dtype=torch.bool)
    pair = (charge.unsqueeze(0) * charge.unsqueeze(1) / r + torch.exp(-r / 0.3) * 10.0) * same
    e_atom = 0.5 * pair.sum(1)
    energy = torch.zeros(int(cluster.max()) + 1).index_add_(0, cluster, e_atom)
    (g,) = torch.autograd.grad(energy.sum(), pos)
    return energy.detach(), -g


def make_batch(cfg, gen):
    n_c, n_a = cfg.clusters_per_batch, cfg.atoms_per_cluster
    z = torch.randint(0, len(cfg.species), (n_c * n_a,), generator=gen)
    pos = torch.randn(n_c * n_a, 3, generator=gen) * 1.5
    cluster = torch.arange(n_c).repeat_interleave(n_a)
    same = (cluster.unsqueeze(0) == cluster.unsqueeze(1)) & ~torch.eye(n_c * n_a, dtype=torch.bool)
    dst, src = same.nonzero(as_tuple=True)
    energy, forces = reference_potential(z, pos, cluster)
    return {"z": z, "pos": pos, "src": src, "dst": dst, "cluster": cluster, "n_clusters": n_c,
            "energy": energy, "forces": forces}


def main():
    cfg = FFConfig()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    model = GarnetFF(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        batch = make_batch(cfg, gen)
        loss, parts = force_field_loss(model, batch, cfg.loss_weights)
        opt.zero_grad()
        loss.backward()
        assert model.blocks[0].w_msg.grad is not None and model.blocks[0].w_msg.grad.abs().sum() > 0
        opt.step()
        log.info("step %d loss %.4f energy %.4f forces %.4f", step, loss.item(), parts["energy"], parts["forces"])


if __name__ == "__main__":
    main()
