import torch
import torch.nn as nn

import config
from models import GlassCritic, GlassGenerator
from penalty import gradient_penalty


def lead_came_crops(n, size=16):
    """Synthetic crops: coloured cells separated by dark lead lines."""
    img = torch.rand(n, 3, 1, 1).expand(n, 3, size, size).clone()
    lines = torch.zeros(n, 1, size, size)
    for i in range(n):
        r, c = torch.randint(3, size - 3, (2,))
        lines[i, :, r, :] = 1.0
        lines[i, :, :, c] = 1.0
    return (img * (1 - lines)) * 2 - 1


def main():
    torch.manual_seed(0)
    tcfg = config.TRAIN
    critic = nn.DataParallel(GlassCritic(config.CRITIC))
    gen = GlassGenerator(config.GENERATOR)
    opt_c = torch.optim.Adam(critic.parameters(), lr=tcfg["lr"], betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=tcfg["lr"], betas=(0.0, 0.9))
    z_dim = config.GENERATOR["z_dim"]
    for it in range(tcfg["iters"]):
        for _ in range(tcfg["n_critic"]):
            real = lead_came_crops(tcfg["batch"])
            with torch.no_grad():
                fake = gen(torch.randn(tcfg["batch"], z_dim))
            loss_c = critic(fake).mean() - critic(real).mean()
            loss_c = loss_c + gradient_penalty(critic, real, fake, tcfg["lambda_gp"])
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        loss_g = -critic(gen(torch.randn(tcfg["batch"], z_dim))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"it {it}: critic {loss_c.item():.4f} gen {loss_g.item():.4f}")


if __name__ == "__main__":
    main()
