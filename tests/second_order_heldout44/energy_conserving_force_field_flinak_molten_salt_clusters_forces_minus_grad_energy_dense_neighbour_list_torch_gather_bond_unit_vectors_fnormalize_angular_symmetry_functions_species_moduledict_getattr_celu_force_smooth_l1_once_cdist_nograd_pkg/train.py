"""Force matching for the FLiNaK cluster potential: forces are -dE/dx, trained with energies and forces."""
import torch
import torch.nn.functional as F

from config import CONFIG, SPECIES
from descriptors import SymmetryFunctions, neighbour_list
from model import Potential

CHARGE = torch.tensor([-1.0, 1.0, 1.0, 1.0])
RADIUS = torch.tensor([1.19, 0.76, 1.02, 1.38])


def reference_bmh(pos, species):
    """Born-Mayer-Huggins + screened Coulomb reference, stands in for the DFT labels."""
    q, r = CHARGE[species], RADIUS[species]
    d = torch.cdist(pos, pos) + torch.eye(pos.shape[1]) * 10.0
    qq = q.unsqueeze(-1) * q.unsqueeze(-2)
    sig = r.unsqueeze(-1) + r.unsqueeze(-2)
    e = 0.2 * torch.exp((sig - d) / 0.3) + 2.0 * qq * torch.exp(-d / 3.0) / d
    return 0.5 * (e * (1 - torch.eye(pos.shape[1]))).sum((1, 2))


def make_dataset(cfg):
    g = torch.Generator().manual_seed(cfg["seed"])
    n, m = cfg["n_configs"], cfg["n_atoms"]
    species = torch.randint(0, len(SPECIES), (n, m), generator=g)
    species[:, : m // 2] = 0
    grid = torch.stack(torch.meshgrid(*[torch.arange(3.0)] * 3, indexing="ij"), -1).reshape(-1, 3) * 2.2
    pos = grid[torch.randperm(len(grid), generator=g)[:m]].expand(n, m, 3).clone()
    pos = pos + 0.15 * torch.randn(n, m, 3, generator=g)
    pos.requires_grad_(True)
    energy = reference_bmh(pos, species)
    forces = -torch.autograd.grad(energy.sum(), pos)[0]
    return pos.detach(), species, energy.detach(), forces.detach()


def predict(model, pos, species, k, create_graph):
    pos = pos.clone().requires_grad_(True)
    nbr = neighbour_list(pos.detach(), k)
    energy = model(pos, species, nbr)
    forces = -torch.autograd.grad(energy.sum(), pos, create_graph=create_graph)[0]
    return energy, forces


def main(cfg=CONFIG):
    torch.manual_seed(0)
    pos, species, e_ref, f_ref = make_dataset(cfg["data"])
    model = Potential(SymmetryFunctions(cfg["descriptor"]), cfg["model"])
    with torch.no_grad():
        g = model.descriptor(pos, neighbour_list(pos, cfg["descriptor"]["n_neighbours"]))
        model.g_mean.copy_(g.mean((0, 1)))
        model.g_std.copy_(g.std((0, 1)) + 1e-3)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    tc, k = cfg["train"], cfg["descriptor"]["n_neighbours"]
    for step in range(tc["steps"]):
        idx = torch.randperm(len(pos))[: tc["batch"]]
        energy, forces = predict(model, pos[idx], species[idx], k, create_graph=True)
        n_atoms = pos.shape[1]
        loss_e = ((energy - e_ref[idx]) / n_atoms).pow(2).mean()
        loss_f = F.smooth_l1_loss(forces, f_ref[idx], beta=tc["huber_beta"])
        loss = tc["w_energy"] * loss_e + tc["w_force"] * loss_f
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}  E-rmse/atom {loss_e.sqrt().item():.4f}  F-huber {loss_f.item():.4f}")
    energy, forces = predict(model, pos, species, k, create_graph=False)
    print(f"force MAE (all configs) {(forces.detach() - f_ref).abs().mean().item():.4f}")


if __name__ == "__main__":
    main()
