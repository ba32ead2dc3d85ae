import torch

import settings
from critics import SongGenerator, build_ensemble
from penalties import clip_weights, gradient_penalty


def main():
    torch.manual_seed(0)
    critics = build_ensemble()
    gen = SongGenerator()
    opt_c = [torch.optim.Adam(c.parameters(), lr=1e-4, betas=(0.5, 0.9)) for c in critics]
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.5, 0.9))
    songs = torch.rand(64, settings.SPEC_BINS)
    for it in range(settings.ITERS):
        for _ in range(settings.N_CRITIC):
            real = songs[torch.randint(0, 64, (settings.BATCH,))]
            fake = gen(torch.randn(settings.BATCH, settings.LATENT)).detach()
            for k, (critic, opt) in enumerate(zip(critics, opt_c)):
                loss = critic(fake).mean() - critic(real).mean()
                if k == settings.GP_MEMBER:
                    loss = loss + settings.GP_WEIGHT * gradient_penalty(critic, real, fake)
                opt.zero_grad()
                loss.backward()
                opt.step()
                if k != settings.GP_MEMBER:
                    clip_weights(critic, settings.CLIP)
        fake = gen(torch.randn(settings.BATCH, settings.LATENT))
        g_loss = -sum(c(fake).mean() for c in critics) / len(critics)
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(it, loss.item(), g_loss.item())


if __name__ == "__main__":
    main()
