"""Train energies and direct forces; log how far the direct forces are from -dE/dx (not trained on)."""
import torch
import torch.nn.functional as F

from config import CFG
from model import DirectForceNet


def toy_clusters(cfg):
    g = torch.Generator().manual_seed(cfg.seed)
    species = torch.randint(0, cfg.n_species, (cfg.n_configs, cfg.n_atoms), generator=g)
    base = torch.randn(cfg.n_atoms, 3, generator=g) * 1.8
    pos = base + 0.2 * torch.randn(cfg.n_configs, cfg.n_atoms, 3, generator=g)
    pos.requires_grad_(True)
    q = torch.tensor([-0.8, 0.4, 1.0, -1.0])[species]
    d = torch.cdist(pos, pos) + torch.eye(cfg.n_atoms) * 50.0
    e = (q.unsqueeze(-1) * q.unsqueeze(-2) / d + (1.2 / d) ** 12).sum((1, 2)) * 0.5
    f = -torch.autograd.grad(e.sum(), pos)[0]
    return pos.detach(), species, e.detach(), f.detach()


def conservative_gap(model, pos, species, create_graph):
    """|F_direct + dE/dx| for monitoring; create_graph follows the config (False for direct training)."""
    pos = pos.clone().requires_grad_(True)
    energy, forces = model(pos, species)
    f_cons = -torch.autograd.grad(energy.sum(), pos, create_graph=create_graph)[0]
    return (forces.detach() - f_cons.detach()).norm(dim=-1).mean().item()


def main(cfg=CFG):
    torch.manual_seed(0)
    pos, species, e_ref, f_ref = toy_clusters(cfg.data)
    model = DirectForceNet(cfg.model, cfg.data.n_species)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.train.lr)
    for step in range(cfg.train.steps):
        energy, forces = model(pos, species)
        loss_e = F.mse_loss(energy, e_ref) / cfg.data.n_atoms
        loss_f = F.smooth_l1_loss(forces, f_ref, beta=0.5)
        loss = cfg.train.w_energy * loss_e + cfg.train.w_force * loss_f
        opt.zero_grad()
        loss.backward()
        opt.step()
        gap = conservative_gap(model, pos[:2], species[:2], cfg.train.conservative_training)
        print(f"step {step}: loss {loss.item():.4f} energy {loss_e.item():.4f} force {loss_f.item():.4f} |F + dE/dx| {gap:.3f}")


if __name__ == "__main__":
    main()
