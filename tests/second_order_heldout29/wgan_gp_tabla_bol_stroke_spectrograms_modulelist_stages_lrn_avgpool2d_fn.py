# WGAN-GP on 16x16 log-mel patches of tabla bol strokes (na, tin, ge, ke ...).
# The critic is a stack of stages kept in an nn.ModuleList; each stage is pooled with the
# functional average pool.  Toy data: decaying partials with a pitch bend, rendered as patches.
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

N_MELS, N_FRAMES, Z_DIM = 16, 16, 24
STAGE_CHANNELS = (1, 12, 24)
LAMBDA_GP, N_CRITIC, STEPS = 10.0, 2, 3


class StrokeGenerator(nn.Module):
    def __init__(self, z_dim=Z_DIM, ch=32):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.up = nn.Sequential(
            nn.ConvTranspose2d(ch, ch // 2, 4, stride=2, padding=1),
            nn.BatchNorm2d(ch // 2),
            nn.ReLU(inplace=True),
            nn.ConvTranspose2d(ch // 2, 1, 4, stride=2, padding=1),
            nn.Tanh(),
        )

    def forward(self, z):
        return self.up(self.fc(z).view(-1, self.ch, 4, 4))


class StageCritic(nn.Module):
    def __init__(self, channels=STAGE_CHANNELS):
        super().__init__()
        self.stages = nn.ModuleList()
        for c_in, c_out in zip(channels[:-1], channels[1:]):
            self.stages.append(nn.Sequential(
                nn.Conv2d(c_in, c_out, 3, padding=1),
                nn.LocalResponseNorm(3, alpha=1e-3, beta=0.75, k=2.0),
                nn.LeakyReLU(0.2),
            ))
        side = N_MELS // 2 ** (len(channels) - 1)
        self.score = nn.Linear(channels[-1] * side * side, 1)

    def forward(self, x):
        h = x
        for stage in self.stages:
            h = F.avg_pool2d(stage(h), kernel_size=2)
        return self.score(h.flatten(1))


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1, 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    scores = critic(mixed)
    grads = torch.autograd.grad(outputs=scores, inputs=mixed,
                                grad_outputs=torch.ones_like(scores),
                                create_graph=True, retain_graph=True)[0]
    return ((grads.view(grads.size(0), -1).norm(2, dim=1) - 1.0) ** 2).mean()


def tabla_patches(n):
    mel = torch.arange(N_MELS).float().view(1, N_MELS, 1)
    t = torch.arange(N_FRAMES).float().view(1, 1, N_FRAMES)
    f0 = 3 + 4 * torch.rand(n, 1, 1)
    bend = 0.15 * torch.randn(n, 1, 1)
    decay = 0.1 + 0.3 * torch.rand(n, 1, 1)
    ridge = torch.exp(-((mel - f0 - bend * t) ** 2) / 2.0)
    harmonic = 0.5 * torch.exp(-((mel - 2 * f0 - bend * t) ** 2) / 2.0)
    spec = (ridge + harmonic) * torch.exp(-decay * t)
    return (spec * 2 - 1).unsqueeze(1)


def train():
    torch.manual_seed(0)
    G, D = StrokeGenerator(), StageCritic()
    opt_g = torch.optim.Adam(G.parameters(), lr=1e-4, betas=(0.0, 0.9))
    opt_d = torch.optim.Adam(D.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for step in range(STEPS):
        for _ in range(N_CRITIC):
            real = tabla_patches(8)
            fake = G(torch.randn(8, Z_DIM)).detach()
            gp = gradient_penalty(D, real, fake)
            loss_d = D(fake).mean() - D(real).mean() + LAMBDA_GP * gp
            opt_d.zero_grad()
            loss_d.backward()
            opt_d.step()
        loss_g = -D(G(torch.randn(8, Z_DIM))).mean()
        opt_g.zero_grad()
        loss_g.backward()
        opt_g.step()
        print(f"step {step} critic {loss_d.item():.3f} gp {gp.item():.3f} gen {loss_g.item():.3f}")
    return math.isfinite(loss_d.item())


if __name__ == "__main__":
    train()
