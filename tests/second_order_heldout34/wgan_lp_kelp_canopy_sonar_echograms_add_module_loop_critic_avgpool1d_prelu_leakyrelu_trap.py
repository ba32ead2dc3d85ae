"""WGAN-LP on 1-D sonar echogram slices of kelp canopies (one-sided Lipschitz penalty)."""
import torch
import torch.nn as nn

ECHO_LEN = 32
LATENT = 8
CRITIC_WIDTHS = [32, 24, 16]


def make_critic(widths):
    critic = nn.Sequential()
    critic.add_module("unflatten", nn.Unflatten(1, (1, ECHO_LEN)))
    critic.add_module("smooth", nn.AvgPool1d(2))
    critic.add_module("flatten", nn.Flatten())
    prev = ECHO_LEN // 2
    for i, w in enumerate(widths):
        critic.add_module(f"fc{i}", nn.Linear(prev, w))
        if i % 2 == 0:
            critic.add_module(f"act{i}", nn.PReLU(w))
        else:
            critic.add_module(f"act{i}", nn.LeakyReLU(0.1))
        prev = w
    critic.add_module("out", nn.Linear(prev, 1))
    return critic


class EchoGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(LATENT, 24), nn.Softplus(), nn.Linear(24, ECHO_LEN))

    def forward(self, z):
        return torch.tanh(self.body(z))


def lipschitz_penalty(critic, real, fake, weight=5.0):
    # mix real-real, real-fake interpolates (WGAN-LP, Petzka et al.)
    alpha = torch.rand(real.size(0), 1)
    partner = torch.where(torch.rand(real.size(0), 1) < 0.5, fake, real.roll(1, 0))
    x_hat = (alpha * real + (1 - alpha) * partner).requires_grad_(True)
    score = critic(x_hat)
    grads = torch.autograd.grad(score.sum(), x_hat, create_graph=True)[0]
    slope = grads.norm(2, dim=1)
    return weight * torch.clamp(slope - 1.0, min=0.0).pow(2).mean()


def main():
    torch.manual_seed(0)
    critic = make_critic(CRITIC_WIDTHS)
    gen = EchoGenerator()
    opt_c = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=1e-4, betas=(0.0, 0.9))
    echoes = torch.randn(64, ECHO_LEN).tanh()
    for step in range(3):
        real = echoes[torch.randint(0, 64, (16,))]
        fake = gen(torch.randn(16, LATENT)).detach()
        loss_c = critic(fake).mean() - critic(real).mean() + lipschitz_penalty(critic, real, fake)
        opt_c.zero_grad()
        loss_c.backward()
        opt_c.step()
        loss_g = -critic(gen(torch.randn(16, LATENT))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(step, loss_c.item(), loss_g.item())


if __name__ == "__main__":
    main()
