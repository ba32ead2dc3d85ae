"""Tiny GAN for Jacquard loom swatch patterns with R1 regularisation every `r1_every` steps."""
import torch

from losses import d_logistic, g_nonsaturating, r1_penalty
from nets import SwatchDiscriminator, SwatchGenerator

HP = dict(batch=6, z_dim=16, steps=4, r1_gamma=1.0, r1_every=2, lr=2e-4)


def swatches(n):
    xs = torch.arange(16).float()
    period = torch.randint(2, 5, (n, 1, 1)).float()
    return torch.sign(torch.sin(xs[None, :, None] / period + xs[None, None, :] / period))[:, None]


def main():
    torch.manual_seed(0)
    G, D = SwatchGenerator(HP["z_dim"]), SwatchDiscriminator()
    opt_g = torch.optim.Adam(G.parameters(), HP["lr"], betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(D.parameters(), HP["lr"], betas=(0.0, 0.99))
    for step in range(HP["steps"]):
        real = swatches(HP["batch"])
        fake = G(torch.randn(HP["batch"], HP["z_dim"]))
        d_loss = d_logistic(D, real, fake.detach())
        if step % HP["r1_every"] == 0:
            d_loss = d_loss + 0.5 * HP["r1_gamma"] * HP["r1_every"] * r1_penalty(D, real)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = g_nonsaturating(D, G(torch.randn(HP["batch"], HP["z_dim"])))
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(step, round(d_loss.item(), 4), round(g_loss.item(), 4))


if __name__ == "__main__":
    main()
