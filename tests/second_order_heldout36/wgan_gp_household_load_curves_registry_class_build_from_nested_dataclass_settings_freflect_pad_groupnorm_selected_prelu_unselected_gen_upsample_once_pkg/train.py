import math

import torch

from nets import LoadCritic, LoadGenerator
from penalty import gradient_penalty
from settings import SETTINGS


def household_curves(n, length):
    t = torch.linspace(0, 2 * math.pi, length)
    morning = torch.exp(-((t - 2.0) ** 2) / 0.3)
    evening = torch.exp(-((t - 5.0) ** 2) / 0.5)
    scale = 0.5 + torch.rand(n, 1)
    return (scale * (morning + 1.5 * evening) + 0.05 * torch.rand(n, length)).unsqueeze(1)


def main(s=SETTINGS):
    torch.manual_seed(14)
    L = s.train.length
    critic, gen = LoadCritic(s.critic, L), LoadGenerator(s.generator, L)
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for step in range(s.train.steps):
        for _ in range(s.train.n_critic):
            real = household_curves(s.train.batch, L)
            with torch.no_grad():
                fake = gen(torch.randn(s.train.batch, s.generator.latent))
            loss_c = critic(fake).mean() - critic(real).mean()
            loss_c = loss_c + s.train.gp_weight * gradient_penalty(critic, real, fake)
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        loss_g = -critic(gen(torch.randn(s.train.batch, s.generator.latent))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: critic={loss_c.item():.3f} gen={loss_g.item():.3f}")


if __name__ == "__main__":
    main()
