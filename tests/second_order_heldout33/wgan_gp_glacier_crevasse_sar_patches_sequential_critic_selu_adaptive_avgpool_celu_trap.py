"""WGAN-GP on 16x16 SAR patches of glacier crevasse fields (synthetic stand-in data)."""
import torch
import torch.nn as nn

LATENT = 16
BATCH = 8
LAMBDA_GP = 10.0
N_CRITIC = 2


def make_generator():
    return nn.Sequential(
        nn.Linear(LATENT, 32 * 4 * 4),
        nn.Unflatten(1, (32, 4, 4)),
        nn.Upsample(scale_factor=2, mode="nearest"),
        nn.Conv2d(32, 16, 3, padding=1),
        nn.SELU(),
        nn.Upsample(scale_factor=2, mode="nearest"),
        nn.Conv2d(16, 1, 3, padding=1),
        nn.Tanh(),
    )


def make_critic():
    return nn.Sequential(
        nn.Conv2d(1, 16, 4, stride=2, padding=1),
        nn.SELU(),
        nn.Conv2d(16, 32, 4, stride=2, padding=1),
        nn.CELU(0.5),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(32, 1),
    )


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1, 1)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    scores = critic(mixed)
    grads = torch.autograd.grad(outputs=scores, inputs=mixed,
                                grad_outputs=torch.ones_like(scores),
                                create_graph=True, retain_graph=True)[0]
    grads = grads.view(grads.size(0), -1)
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


def sample_patches(n):
    ramp = torch.linspace(-1, 1, 16)
    stripes = torch.sin(6 * ramp[None, :] + 3 * torch.rand(n, 1))
    return stripes[:, None, None, :].expand(n, 1, 16, 16).contiguous() * 0.8


def main():
    torch.manual_seed(0)
    gen, critic = make_generator(), make_critic()
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for step in range(3):
        for _ in range(N_CRITIC):
            real = sample_patches(BATCH)
            fake = gen(torch.randn(BATCH, LATENT)).detach()
            loss_c = critic(fake).mean() - critic(real).mean()
            loss_c = loss_c + LAMBDA_GP * gradient_penalty(critic, real, fake)
            opt_c.zero_grad()
            loss_c.backward()
            opt_c.step()
        loss_g = -critic(gen(torch.randn(BATCH, LATENT))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step} critic {loss_c.item():.3f} gen {loss_g.item():.3f}")


if __name__ == "__main__":
    main()
