import torch

from config import GANConfig
from nets import Critic, Generator
from penalties import lipschitz_penalty, wasserstein_critic_loss


def hive_batch(cfg, n=8):
    base = torch.linspace(0, 1, cfg.n_mels)[None, None, :, None]
    hum = torch.exp(-((base - 0.3) ** 2) / 0.01) * torch.rand(n, 1, 1, cfg.frames)
    return hum + 0.05 * torch.rand(n, 1, cfg.n_mels, cfg.frames)


def main(cfg=GANConfig()):
    torch.manual_seed(0)
    critic, gen = Critic(cfg), Generator(cfg)
    oc = torch.optim.Adam(critic.parameters(), cfg.lr, betas=(0.5, 0.9))
    og = torch.optim.Adam(gen.parameters(), cfg.lr, betas=(0.5, 0.9))
    for step in range(cfg.steps):
        for _ in range(cfg.n_critic):
            real = hive_batch(cfg)
            fake = gen(torch.randn(8, cfg.z_dim)).detach()
            loss_c = wasserstein_critic_loss(critic, real, fake) + cfg.lp_weight * lipschitz_penalty(critic, real, fake)
            oc.zero_grad(); loss_c.backward(); oc.step()
        loss_g = -critic(gen(torch.randn(8, cfg.z_dim))).mean()
        og.zero_grad(); loss_g.backward(); og.step()
        print(step, loss_c.item(), loss_g.item())


if __name__ == "__main__":
    main()
