"""Train the street-tree multi-task net with CAGrad on the shared trunk."""
import torch
import torch.nn.functional as F

from cagrad import cagrad_direction, task_gradients, write_shared_grad
from config import CFG
from models import TreeTrunkNet


def lidar_profiles(n, length, n_species):
    species = torch.randint(0, n_species, (n,))
    dbh = 0.2 + 0.6 * torch.rand(n)
    z = torch.linspace(0, 1, length)[None]
    crown_base = 0.3 + 0.1 * species[:, None].float()
    width = torch.where(z < crown_base, dbh[:, None], torch.exp(-((z - 0.7) ** 2) / 0.05) * (1 + species[:, None]))
    return (width + 0.05 * torch.randn(n, length)).unsqueeze(1), species, dbh


def main(cfg=CFG):
    torch.manual_seed(59)
    model = TreeTrunkNet(cfg["n_species"])
    shared = list(model.shared.parameters())
    heads = list(model.heads.parameters())
    opt = torch.optim.SGD(shared + heads, lr=cfg["lr"], momentum=0.9)
    for step in range(cfg["steps"]):
        x, species, dbh = lidar_profiles(cfg["batch"], cfg["profile_len"], cfg["n_species"])
        out = model(x)
        losses = [F.cross_entropy(out["species"], species), F.smooth_l1_loss(out["dbh"].squeeze(-1), dbh, beta=0.05)]
        G = task_gradients(losses, shared)
        opt.zero_grad()
        sum(losses).backward()                      # head gradients (shared ones are overwritten below)
        write_shared_grad(shared, cagrad_direction(G, cfg["cagrad_c"], cfg["solver_iters"]))
        opt.step()
        print(f"step {step}: ce={losses[0].item():.3f} huber={losses[1].item():.4f}")


if __name__ == "__main__":
    main()
