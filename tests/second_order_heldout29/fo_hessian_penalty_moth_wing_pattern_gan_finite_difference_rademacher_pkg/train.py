"""Hinge GAN on moth-wing patterns with a finite-difference Hessian Penalty on the generator."""
import torch

from config import CONFIG
from hessian_penalty import grad_norm, hessian_penalty
from models import WingDiscriminator, WingGenerator, hinge_d_loss, hinge_g_loss


def wing_crops(n):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    cx, cy = 0.6 * torch.rand(n, 1, 1) - 0.3, 0.6 * torch.rand(n, 1, 1) - 0.3
    ring = torch.cos(12 * torch.sqrt((xx - cx) ** 2 + (yy - cy) ** 2)) * torch.exp(-3 * ((xx - cx) ** 2 + (yy - cy) ** 2))
    band = torch.tanh(6 * (yy - 0.5 * torch.rand(n, 1, 1)))
    return (0.6 * ring + 0.4 * band).unsqueeze(1)


def main(cfg=CONFIG):
    torch.manual_seed(0)
    G, D = WingGenerator(cfg["z_dim"]), WingDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), lr=cfg["lr"], betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=cfg["lr"], betas=(0.0, 0.9))
    hp = cfg["hessian_penalty"]
    for step in range(cfg["steps"]):
        real = wing_crops(cfg["batch"])
        z = torch.randn(cfg["batch"], cfg["z_dim"])
        with torch.no_grad():
            fake = G(z)
        loss_d = hinge_d_loss(D(real), D(fake))
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        z = torch.randn(cfg["batch"], cfg["z_dim"])
        fake = G(z)
        hp_term = hessian_penalty(G, z, k=hp["k"], epsilon=hp["epsilon"], reduction=hp["reduction"], G_z=fake)
        loss_g = hinge_g_loss(D(fake)) + hp["weight"] * hp_term
        opt_g.zero_grad()
        loss_g.backward()
        print(f"step {step}: D {loss_d.item():.3f} G {loss_g.item():.3f} HP {hp_term.item():.4f} "
              f"|grad G| {grad_norm(G).item():.3f}")
        opt_g.step()


if __name__ == "__main__":
    main()
