"""Train the thin-section GAN with the composed R1 discriminator loss."""
import torch

from config import CFG
from losses import DiscriminatorLoss, GeneratorLoss
from models import Discriminator, Generator


def thin_section_patches(n, size):
    """Stand-in loader: grains as Voronoi-like cells with interference colours."""
    centres = torch.rand(n, 6, 2)
    yy, xx = torch.meshgrid(torch.linspace(0, 1, size), torch.linspace(0, 1, size), indexing="ij")
    grid = torch.stack([xx, yy], dim=-1).view(1, 1, size, size, 2)
    d = ((grid - centres.view(n, 6, 1, 1, 2)) ** 2).sum(-1)
    grain = d.argmin(dim=1)
    hue = torch.rand(n, 6, 3)
    img = torch.gather(hue, 1, grain.view(n, -1, 1).expand(-1, -1, 3)).view(n, size, size, 3)
    return img.permute(0, 3, 1, 2) * 2 - 1


def main(cfg=CFG):
    torch.manual_seed(29)
    G, D = Generator(cfg["gen"]), Discriminator(cfg["disc"], cfg["data"]["size"])
    d_crit, g_crit = DiscriminatorLoss(cfg["loss"]), GeneratorLoss()
    g_opt = torch.optim.Adam(G.parameters(), lr=cfg["train"]["lr"], betas=(0.0, 0.99))
    d_opt = torch.optim.Adam(D.parameters(), lr=cfg["train"]["lr"], betas=(0.0, 0.99))
    n = cfg["data"]["batch"]
    for step in range(cfg["train"]["steps"]):
        real = thin_section_patches(n, cfg["data"]["size"])
        fake = G(torch.randn(n, cfg["gen"]["latent"]))
        d_loss = d_crit(D, real, fake)
        d_opt.zero_grad()
        d_loss.backward()
        d_opt.step()

        g_loss = g_crit(D, G(torch.randn(n, cfg["gen"]["latent"])))
        g_opt.zero_grad()
        g_loss.backward()
        g_opt.step()
        print(f"step {step}: d={d_loss.item():.3f} g={g_loss.item():.3f}")


if __name__ == "__main__":
    main()
