"""WGAN-GP on Roman mosaic tesserae patches.

The interpolates mix a real patch, a fake patch and a second (shuffled) real patch, and the gradient
penalty is handed to the training loop as a function argument.
"""
import torch
import torch.nn as nn

PATCH = 8
Z_DIM = 16


def make_critic(ch=8):
    return nn.Sequential(
        nn.Conv2d(3, ch, 3, padding=1),
        nn.LeakyReLU(0.2),
        nn.LocalResponseNorm(size=3),
        nn.LPPool2d(norm_type=2, kernel_size=2),
        nn.Conv2d(ch, 2 * ch, 3, padding=1),
        nn.LeakyReLU(0.2),
        nn.Flatten(),
        nn.Linear(2 * ch * (PATCH // 2) ** 2, 1),
    )


def make_generator(ch=8):
    return nn.Sequential(
        nn.Linear(Z_DIM, ch * (PATCH // 2) ** 2),
        nn.Unflatten(1, (ch, PATCH // 2, PATCH // 2)),
        nn.Upsample(scale_factor=2, mode="nearest"),
        nn.Conv2d(ch, 3, 3, padding=1),
        nn.Sigmoid(),
    )


def mixed_gradient_penalty(critic, real, fake):
    b = real.shape[0]
    w = torch.distributions.Dirichlet(torch.ones(3)).sample((b,)).view(b, 3, 1, 1, 1)
    other = real[torch.randperm(b)]
    mix = (w[:, 0] * real + w[:, 1] * fake + w[:, 2] * other).requires_grad_(True)
    out = critic(mix)
    grads = torch.autograd.grad(out, mix, grad_outputs=torch.ones_like(out), create_graph=True)[0]
    return ((grads.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def tesserae_batch(n=8):
    base = torch.rand(n, 3, 1, 1)
    grout = torch.zeros(1, 1, PATCH, PATCH)
    grout[..., ::4, :] = 1.0
    grout[..., :, ::4] = 1.0
    return base * (1 - grout) + 0.8 * grout + 0.05 * torch.randn(n, 3, PATCH, PATCH)


def fit(critic, generator, penalty_fn, steps=4, n_critic=2, lam=10.0):
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(generator.parameters(), lr=1e-4, betas=(0.5, 0.9))
    for step in range(steps):
        for _ in range(n_critic):
            real = tesserae_batch()
            fake = generator(torch.randn(real.shape[0], Z_DIM)).detach()
            wdist = critic(real).mean() - critic(fake).mean()
            gp = penalty_fn(critic, real, fake)
            opt_c.zero_grad()
            (-wdist + lam * gp).backward()
            opt_c.step()
        g_loss = -critic(generator(torch.randn(8, Z_DIM))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step} W {wdist.item():.4f} gp {gp.item():.4f}")


if __name__ == "__main__":
    torch.manual_seed(10)
    fit(make_critic(), make_generator(), penalty_fn=mixed_gradient_penalty)
