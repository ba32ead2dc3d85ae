"""GAN for water-pipeline pressure transients (water-hammer events) with an R1 warm-up.

The R1 weight follows a schedule that drops to zero after the warm-up, but the penalty term is
still built and added every discriminator step (the logging code reads it).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

SEQ_LEN = 32
LATENT = 8
WARMUP_STEPS = 3


class TransientGenerator(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.fc = nn.Linear(LATENT, ch * SEQ_LEN // 4)
        self.up = nn.Sequential(
            nn.Upsample(scale_factor=2),
            nn.Conv1d(ch, ch, 3, padding=1),
            nn.LeakyReLU(0.2),
            nn.Upsample(scale_factor=2),
            nn.Conv1d(ch, 1, 3, padding=1),
        )
        self.ch = ch

    def forward(self, z):
        return self.up(self.fc(z).view(-1, self.ch, SEQ_LEN // 4))


class TransientDiscriminator(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv1 = nn.Conv1d(1, ch, 5)
        self.conv2 = nn.Conv1d(ch, ch, 3, padding=1)
        self.pool = nn.AdaptiveMaxPool1d(4)
        self.out = nn.Linear(ch * 4, 1)

    def forward(self, x):
        h = F.pad(x, (2, 2), mode="replicate")
        h = F.leaky_relu(self.conv1(h), 0.2)
        h = F.leaky_relu(self.conv2(h), 0.2)
        return self.out(self.pool(h).flatten(1))


def r1_gamma(step, gamma0=5.0):
    return gamma0 if step < WARMUP_STEPS else 0.0


def r1_penalty(disc, real):
    real = real.detach().requires_grad_(True)
    score = disc(real)
    (g,) = torch.autograd.grad(score.sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean(), score


def sample_transients(n=16):
    t = torch.linspace(0, 1, SEQ_LEN)
    onset = torch.rand(n, 1) * 0.5
    decay = 5 + 10 * torch.rand(n, 1)
    freq = 20 + 10 * torch.rand(n, 1)
    wave = torch.exp(-decay * (t - onset).clamp(min=0)) * torch.sin(freq * (t - onset).clamp(min=0))
    return wave.unsqueeze(1)


def train(steps=6):
    torch.manual_seed(9)
    gen, disc = TransientGenerator(), TransientDiscriminator()
    opt_g = torch.optim.Adam(gen.parameters(), lr=2e-4, betas=(0.0, 0.99))
    opt_d = torch.optim.Adam(disc.parameters(), lr=2e-4, betas=(0.0, 0.99))
    for step in range(steps):
        real = sample_transients()
        with torch.no_grad():
            fake = gen(torch.randn(real.shape[0], LATENT))
        r1, real_score = r1_penalty(disc, real)
        d_loss = F.softplus(-real_score).mean() + F.softplus(disc(fake)).mean()
        gamma = r1_gamma(step)
        opt_d.zero_grad()
        (d_loss + 0.5 * gamma * r1).backward()
        opt_d.step()

        fake = gen(torch.randn(real.shape[0], LATENT))
        g_loss = F.softplus(-disc(fake)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"step {step} d {d_loss.item():.3f} g {g_loss.item():.3f} r1 {r1.item():.4f} gamma {gamma}")


if __name__ == "__main__":
    train()
