"""Denoising score matching (Vincent 2011) on bee waggle-dance angle sequences.

The DSM target -(x_noisy - x)/sigma^2 needs no Jacobian trace, so training is first order;
sampling uses annealed Langevin dynamics with the learned score (no gradients through it).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

SIGMAS = torch.exp(torch.linspace(0.0, -3.0, 5))


class DanceScore(nn.Module):
    def __init__(self, length=16, ch=8):
        super().__init__()
        self.pad = nn.ReflectionPad1d(1)
        self.conv = nn.Conv1d(2, ch, 3)
        self.act = nn.Hardswish()
        self.proj = nn.Conv1d(ch, 1, 1)

    def forward(self, x, sigma):
        inp = torch.stack([x, sigma.expand_as(x)], 1)
        h = self.act(F.group_norm(self.conv(self.pad(inp)), 2))
        return self.proj(h).squeeze(1) / sigma


def dsm_loss(model, x):
    idx = torch.randint(0, len(SIGMAS), (x.shape[0], 1))
    sigma = SIGMAS[idx]
    noisy = x + sigma * torch.randn_like(x)
    target = -(noisy - x) / sigma ** 2
    return 0.5 * ((model(noisy, sigma) - target) ** 2 * sigma ** 2).sum(1).mean()


@torch.no_grad()
def langevin(model, n, length, steps=3, lr=1e-3):
    x = torch.rand(n, length)
    for sigma in SIGMAS:
        step = lr * (sigma / SIGMAS[-1]) ** 2
        for _ in range(steps):
            x = x + step * model(x, sigma.expand(n, 1)) + (2 * step).sqrt() * torch.randn_like(x)
    return x


def main():
    torch.manual_seed(0)
    model = DanceScore()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(3):
        angles = torch.cumsum(0.2 * torch.randn(16, 16), 1).sin()
        loss = dsm_loss(model, angles)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())
    print(langevin(model, 4, 16).shape)


if __name__ == "__main__":
    main()
