import torch

import config
from losses import LOSSES, generator_loss
from models import ConditionalGenerator, ProjectionCritic


def leaf_batch(n=config.BATCH, res=config.DATA_RES):
    y = torch.randint(0, config.NUM_CLASSES, (n,))
    grid = torch.linspace(-1, 1, res)
    yy, xx = torch.meshgrid(grid, grid, indexing="ij")
    lobes = (y.float() + 2)[:, None, None]
    r = torch.sqrt(xx ** 2 + yy ** 2)[None]
    theta = torch.atan2(yy, xx)[None]
    shape = (r < 0.6 + 0.25 * torch.cos(lobes * theta)).float()
    return shape.unsqueeze(1) * 2 - 1, y


def main():
    torch.manual_seed(18)
    critic, gen = ProjectionCritic(), ConditionalGenerator()
    d_loss_fn = LOSSES[config.D_LOSS]
    opt_d = torch.optim.Adam(critic.parameters(), lr=config.LR, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=config.LR, betas=(0.0, 0.9))
    for step in range(config.STEPS):
        for _ in range(config.N_CRITIC):
            real, y = leaf_batch()
            fake = gen(torch.randn(real.size(0), config.LATENT_DIM), y).detach()
            d_loss = d_loss_fn(critic, real, fake, y)
            opt_d.zero_grad()
            d_loss.backward()
            opt_d.step()
        y = torch.randint(0, config.NUM_CLASSES, (config.BATCH,))
        g_loss = generator_loss(critic, gen(torch.randn(config.BATCH, config.LATENT_DIM), y), y)
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step} d {d_loss.item():.4f} g {g_loss.item():.4f}")


if __name__ == "__main__":
    main()
