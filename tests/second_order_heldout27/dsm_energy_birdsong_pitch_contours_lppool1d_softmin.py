"""Energy-based model of song-sparrow syllable pitch contours, trained by denoising score matching.

The score is s(x) = -dE/dx (taken with create_graph=True), matched to the score of the Gaussian
noising kernel; the loss is then backpropagated into the energy network.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

SIGMA = 0.1


class ContourEnergy(nn.Module):
    def __init__(self, ch=16, n_protos=4):
        super().__init__()
        self.conv_a = nn.Conv1d(1, ch, 5, padding=2)
        self.conv_b = nn.Conv1d(ch, ch, 3, padding=1)
        self.protos = nn.Parameter(torch.randn(n_protos, ch))
        self.assign = nn.Softmin(dim=-1)
        self.readout = nn.Linear(ch, 1)

    def forward(self, x):
        h = F.silu(self.conv_a(x.unsqueeze(1)))
        h = F.lp_pool1d(h, norm_type=2, kernel_size=2)
        h = F.silu(self.conv_b(h)).mean(dim=-1)
        dist = ((h.unsqueeze(1) - self.protos) ** 2).sum(-1)
        w = self.assign(dist)
        return self.readout(h).squeeze(-1) + (w * dist).sum(-1)


def syllables(n, length=32):
    t = torch.linspace(0, 1, length)
    start = 3.0 + torch.rand(n, 1)
    sweep = torch.randn(n, 1)
    trill = 0.2 * torch.sin(2 * torch.pi * torch.randint(4, 9, (n, 1)) * t)
    return start + sweep * t + trill


def dsm_loss(energy, x):
    noise = torch.randn_like(x) * SIGMA
    x_noisy = (x + noise).requires_grad_(True)
    e = energy(x_noisy).sum()
    score = -torch.autograd.grad(e, x_noisy, create_graph=True)[0]
    target = -noise / SIGMA ** 2
    return 0.5 * ((score - target) ** 2).sum(-1).mean() * SIGMA ** 2


def main(steps=3):
    torch.manual_seed(21)
    energy = ContourEnergy()
    opt = torch.optim.Adam(energy.parameters(), lr=1e-3)
    for step in range(steps):
        x = syllables(12)
        x = (x - x.mean()) / x.std()
        loss = dsm_loss(energy, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: dsm {loss.item():.4f}")


if __name__ == "__main__":
    main()
