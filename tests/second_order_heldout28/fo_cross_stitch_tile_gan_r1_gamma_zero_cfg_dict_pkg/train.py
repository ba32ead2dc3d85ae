import torch
import torch.nn.functional as F

from config import CONFIG
from models import TileDiscriminator, TileGenerator
from regularizers import hinge_d, hinge_g, r1_penalty


def stitch_tiles(cfg):
    n, size, k = cfg["batch"], cfg["size"], cfg["palette"]
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    motif = ((xx - size // 2).abs() + (yy - size // 2).abs()) % k
    shift = torch.randint(0, k, (n, 1, 1))
    idx = (motif[None] + shift) % k
    return F.one_hot(idx, k).permute(0, 3, 1, 2).float()


def main():
    torch.manual_seed(0)
    m, l, o = CONFIG["model"], CONFIG["loss"], CONFIG["optim"]
    G = TileGenerator(m["zdim"], m["g_ch"], CONFIG["data"]["palette"])
    D = TileDiscriminator(m["d_ch"], CONFIG["data"]["palette"])
    opt_g = torch.optim.Adam(G.parameters(), lr=o["lr_g"], betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=o["lr_d"], betas=(0.0, 0.9))
    for step in range(o["steps"]):
        real = stitch_tiles(CONFIG["data"])
        z = torch.randn(real.size(0), m["zdim"])
        d_loss = hinge_d(D(real), D(G(z).detach()))
        if l["r1_gamma"] > 0 and step % l["r1_every"] == 0:
            d_loss = d_loss + 0.5 * l["r1_gamma"] * l["r1_every"] * r1_penalty(D, real)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()

        g_loss = hinge_g(D(G(z)))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step} d {d_loss.item():.3f} g {g_loss.item():.3f}")


if __name__ == "__main__":
    main()
