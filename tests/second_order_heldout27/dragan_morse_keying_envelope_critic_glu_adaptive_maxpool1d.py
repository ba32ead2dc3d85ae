# DRAGAN (Kodali et al.) for synthesising amateur-radio Morse keying envelopes (on/off key, jittery timing).
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


def parse_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--seq-len", type=int, default=64)
    p.add_argument("--z-dim", type=int, default=16)
    p.add_argument("--lambda-dragan", type=float, default=10.0)
    p.add_argument("--k", type=float, default=1.0)
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--batch", type=int, default=8)
    return p.parse_args(argv)


class GatedConv(nn.Module):
    """Conv1d producing 2*c channels, gated with a sigmoid half (WaveNet / GLU style)."""

    def __init__(self, c_in, c_out, k=5):
        super().__init__()
        self.conv = nn.Conv1d(c_in, 2 * c_out, k, padding=k // 2)

    def forward(self, x):
        return F.glu(self.conv(x), dim=1)


class KeyingCritic(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.stem = nn.Conv1d(1, 2 * ch, 7, padding=3)
        self.gate = nn.GLU(dim=1)
        self.body = GatedConv(ch, ch)
        self.pool = nn.AdaptiveMaxPool1d(1)
        self.out = nn.Linear(ch, 1)

    def forward(self, x):
        h = self.gate(self.stem(x))
        h = self.body(h) + h
        return self.out(self.pool(h).squeeze(-1))


class KeyingGenerator(nn.Module):
    def __init__(self, z_dim, seq_len):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 128), nn.LeakyReLU(0.2), nn.Linear(128, seq_len))

    def forward(self, z):
        return torch.sigmoid(self.net(z)).unsqueeze(1)


def morse_batch(n, seq_len):
    dits = torch.rand(n, seq_len // 4) < 0.55
    env = dits.repeat_interleave(4, dim=1).float()
    return (env + 0.1 * torch.randn_like(env)).clamp(0, 1).unsqueeze(1)


def dragan_penalty(critic, real, k=1.0):
    noise = 0.5 * real.std() * torch.rand_like(real)
    x_hat = (real + noise).detach().requires_grad_()
    d_hat = critic(x_hat)
    g = torch.autograd.grad(d_hat.sum(), x_hat, create_graph=True)[0]
    return ((g.flatten(1).norm(dim=1) - k) ** 2).mean()


def run(args):
    torch.manual_seed(3)
    critic = KeyingCritic()
    gen = KeyingGenerator(args.z_dim, args.seq_len)
    bce = nn.BCEWithLogitsLoss()
    opt_d = torch.optim.Adam(critic.parameters(), 2e-4, betas=(0.5, 0.999))
    opt_g = torch.optim.Adam(gen.parameters(), 2e-4, betas=(0.5, 0.999))
    for epoch in range(args.epochs):
        real = morse_batch(args.batch, args.seq_len)
        ones, zeros = torch.ones(args.batch, 1), torch.zeros(args.batch, 1)
        fake = gen(torch.randn(args.batch, args.z_dim))
        d_loss = bce(critic(real), ones) + bce(critic(fake.detach()), zeros)
        d_loss = d_loss + args.lambda_dragan * dragan_penalty(critic, real, args.k)
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = bce(critic(fake), ones)
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(epoch, round(d_loss.item(), 4), round(g_loss.item(), 4))


if __name__ == "__main__":
    run(parse_args())
