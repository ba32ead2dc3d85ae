# DRAGAN for 1 Hz anemometer traces logged on a kitesurf beach (64 s windows of wind speed,
# gust fronts and lulls).  The critic subclasses nn.Sequential; the generator is recurrent.
import argparse

import torch
import torch.nn as nn


def get_args():
    p = argparse.ArgumentParser(description="DRAGAN wind-gust generator")
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--window", type=int, default=64)
    p.add_argument("--noise-dim", type=int, default=8)
    p.add_argument("--lambda-gp", type=float, default=10.0)
    p.add_argument("--perturb", type=float, default=0.5)
    return p.parse_args()


class GustCritic(nn.Sequential):
    def __init__(self, window, ch=16):
        super().__init__(
            nn.ReflectionPad1d(2),
            nn.Conv1d(1, ch, 5),
            nn.LeakyReLU(0.2),
            nn.ConstantPad1d((1, 1), 0.0),
            nn.Conv1d(ch, ch, 3),
            nn.AvgPool1d(4),
            nn.LeakyReLU(0.2),
            nn.Flatten(),
            nn.Linear(ch * (window // 4), 1),
        )


class GustGenerator(nn.Module):
    def __init__(self, noise_dim, hidden=24):
        super().__init__()
        self.rnn = nn.GRU(noise_dim, hidden, batch_first=True)
        self.out = nn.Sequential(nn.Linear(hidden, hidden), nn.ELU(), nn.Linear(hidden, 1))

    def forward(self, z):
        h, _ = self.rnn(z)
        return self.out(h).transpose(1, 2)


def wind_traces(n, window):
    t = torch.arange(window).float()
    base = 6 + 4 * torch.rand(n, 1)
    gusts = torch.zeros(n, window)
    for i in range(n):
        onset = int(torch.randint(0, window - 8, (1,)))
        gusts[i, onset:] += 3 * torch.rand(1) * torch.exp(-0.2 * (t[onset:] - onset))
    turb = 0.4 * torch.randn(n, window).cumsum(1) / window ** 0.5
    return ((base + gusts + turb - 8.0) / 4.0).unsqueeze(1)


def dragan_penalty(critic, real, perturb):
    std = real.std(dim=(1, 2), keepdim=True)
    noisy = real + perturb * std * torch.rand_like(real)
    alpha = torch.rand(real.size(0), 1, 1)
    x_hat = (real + alpha * (noisy - real)).detach().requires_grad_(True)
    out = critic(x_hat)
    grad, = torch.autograd.grad(out.sum(), x_hat, create_graph=True)
    return ((grad.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


def main():
    args = get_args()
    torch.manual_seed(0)
    critic, gen = GustCritic(args.window), GustGenerator(args.noise_dim)
    bce = nn.BCEWithLogitsLoss()
    opt_c = torch.optim.Adam(critic.parameters(), lr=2e-4, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.5, 0.9))
    ones, zeros = torch.ones(args.batch, 1), torch.zeros(args.batch, 1)
    for step in range(args.steps):
        real = wind_traces(args.batch, args.window)
        with torch.no_grad():
            fake = gen(torch.randn(args.batch, args.window, args.noise_dim))
        loss_c = bce(critic(real), ones) + bce(critic(fake), zeros)
        loss_c = loss_c + args.lambda_gp * dragan_penalty(critic, real, args.perturb)
        opt_c.zero_grad()
        loss_c.backward()
        opt_c.step()
        loss_g = bce(critic(gen(torch.randn(args.batch, args.window, args.noise_dim))), ones)
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step}: critic {loss_c.item():.3f} generator {loss_g.item():.3f}")


if __name__ == "__main__":
    main()
