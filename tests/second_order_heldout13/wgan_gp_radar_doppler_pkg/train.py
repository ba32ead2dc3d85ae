"""WGAN-GP training loop for range-Doppler maps."""
import torch

from models import CRITICS, CriticConfig, RadarGenerator, Replicated
from regularizers import gradient_penalty


def main(steps=2, n_critic=2, gp_weight=10.0):
    cfg = CriticConfig(width=32, norm="gn")
    critic = Replicated(CRITICS["doppler"](cfg))
    gen = RadarGenerator()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for step in range(steps):
        for _ in range(n_critic):
            real = torch.randn(4, 1, 32, 32).tanh()
            fake = gen(torch.randn(4, 32)).detach()
            loss_c = critic.module.score(fake).mean() - critic.module.score(real).mean()
            loss_c = loss_c + gp_weight * gradient_penalty(critic.module, real, fake)
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        loss_g = -critic.module.score(gen(torch.randn(4, 32))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(step, loss_c.item(), loss_g.item())


if __name__ == "__main__":
    main()
