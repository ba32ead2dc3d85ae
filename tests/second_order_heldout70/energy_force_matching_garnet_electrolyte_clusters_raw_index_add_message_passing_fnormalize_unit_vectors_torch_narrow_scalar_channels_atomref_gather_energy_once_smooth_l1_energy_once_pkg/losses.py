import torch
import torch.nn.functional as F


def energy_and_forces(model, batch):
    pos = batch["pos"].clone().requires_grad_(True)
    energy = model(batch["z"], pos, batch["src"], batch["dst"], batch["cluster"], batch["n_clusters"])
    (de_dpos,) = torch.autograd.grad(energy.sum(), pos, create_graph=True)
    return energy, -de_dpos


def force_field_loss(model, batch, weights):
    energy, forces = energy_and_forces(model, batch)
    assert forces.requires_grad  # the force term is differentiated again by loss.backward()
    n_atoms = torch.bincount(batch["cluster"]).to(energy.dtype)
    loss_e = F.smooth_l1_loss(energy / n_atoms, batch["energy"] / n_atoms, beta=0.01)
    loss_f = (forces - batch["forces"]).pow(2).sum(-1).mean()
    return weights["energy"] * loss_e + weights["forces"] * loss_f, {"energy": loss_e.item(), "forces": loss_f.item()}
