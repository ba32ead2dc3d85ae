"""Original WGAN (weight clipping) for single ECG beats.

A gradient-penalty helper is kept in the file from an earlier experiment, but the training loop uses weight
clipping only and never calls it.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

BEAT = 40
LATENT = 10
CLIP = 0.01


class BeatCritic(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.conv = nn.Conv1d(1, ch, 5)
        self.norm = nn.LayerNorm([ch, BEAT])
        self.act = nn.Hardswish()
        self.fc = nn.Linear(ch * BEAT, 1)

    def forward(self, beat):
        h = self.conv(F.pad(beat, (2, 2), mode="reflect"))
        return self.fc(self.act(self.norm(h)).flatten(1))


class BeatGenerator(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(LATENT, 64), nn.ReLU(), nn.Linear(64, BEAT))

    def forward(self, z):
        return self.net(z).unsqueeze(1)


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    (g,) = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()


def ecg_beats(n=16):
    t = torch.linspace(-1, 1, BEAT)
    width = 0.05 + 0.02 * torch.rand(n, 1)
    qrs = torch.exp(-(t / width) ** 2)
    p_wave = 0.15 * torch.exp(-((t + 0.5) / 0.1) ** 2)
    return (qrs + p_wave).unsqueeze(1)


def main():
    torch.manual_seed(17)
    critic, gen = BeatCritic(), BeatGenerator()
    opt_c = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
    opt_g = torch.optim.RMSprop(gen.parameters(), lr=5e-5)
    for it in range(4):
        for _ in range(3):
            real = ecg_beats()
            fake = gen(torch.randn(real.size(0), LATENT)).detach()
            c_loss = critic(fake).mean() - critic(real).mean()
            opt_c.zero_grad()
            c_loss.backward()
            opt_c.step()
            with torch.no_grad():
                for p in critic.parameters():
                    p.clamp_(-CLIP, CLIP)
        g_loss = -critic(gen(torch.randn(16, LATENT))).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()
        print(f"it {it} critic {c_loss.item():.5f} gen {g_loss.item():.5f}")


if __name__ == "__main__":
    main()
