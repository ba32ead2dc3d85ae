"""Energy + force matching (forces = -dE/dR) with an auxiliary dipole target."""
import argparse

import torch

import registry
from config import ModelConfig, TrainConfig
from model import PaiNNLite


def reference_cluster(cfg):
    """Toy reference: Morse pair energy with type-dependent well depth; analytic forces via autograd."""
    z = torch.randint(0, 5, (cfg.batch, cfg.atoms))
    pos = (torch.randn(cfg.batch, cfg.atoms, 3) * 1.4).requires_grad_(True)
    depth = 0.1 + 0.05 * (z[:, :, None] + z[:, None, :]).float()
    d = (pos[:, :, None] - pos[:, None]).pow(2).sum(-1).add(1e-6).sqrt()
    mask = 1 - torch.eye(cfg.atoms)
    e = (depth * (1 - torch.exp(-1.2 * (d - 1.5))) ** 2 * mask).sum((1, 2)) / 2
    (f,) = torch.autograd.grad(-e.sum(), pos)
    mu = (pos * (z[..., None].float() - 2.0) * 0.1).sum(1)
    return z, pos.detach(), e.detach(), f.detach(), mu.detach()


def predict(model, z, pos, training=True):
    pos = pos.clone().requires_grad_(True)
    energy, dipole, _ = model(z, pos)
    (grad,) = torch.autograd.grad(energy.sum(), pos, create_graph=training)
    return energy, -grad, dipole


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=None)
    args = parser.parse_args()
    mcfg, tcfg = ModelConfig(), TrainConfig()
    if args.steps:
        tcfg.steps = args.steps
    torch.manual_seed(0)
    model = PaiNNLite(mcfg)
    opt = torch.optim.Adam(model.parameters(), lr=tcfg.lr)
    e_loss = registry.get(registry.LOSSES, tcfg.energy_loss)
    f_loss = registry.get(registry.LOSSES, tcfg.force_loss)
    for step in range(tcfg.steps):
        z, pos, e_ref, f_ref, mu_ref = reference_cluster(tcfg)
        energy, forces, dipole = predict(model, z, pos)
        loss_e = e_loss(energy, e_ref) / tcfg.atoms
        loss_f = f_loss(forces, f_ref)
        loss_mu = torch.nn.functional.mse_loss(dipole, mu_ref)
        loss = tcfg.w_energy * loss_e + tcfg.w_force * loss_f + tcfg.w_dipole * loss_mu
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: E {loss_e.item():.4f}  F {loss_f.item():.4f}  mu {loss_mu.item():.4f}")
    energy, forces, _ = predict(model, *reference_cluster(tcfg)[:2], training=False)
    print(f"eval |F| mean {forces.norm(dim=-1).mean().item():.3f}")


if __name__ == "__main__":
    main()
