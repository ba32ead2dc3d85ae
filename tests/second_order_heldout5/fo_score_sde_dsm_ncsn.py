"""Score-based generative model (Song et al., score SDE, VE SDE) trained with denoising score matching:
the target score of the perturbation kernel is known in closed form, so training is first order.
Sampling uses the Euler-Maruyama predictor under torch.no_grad()."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class GaussianFourierProjection(nn.Module):
    def __init__(self, embed_dim=64, scale=16.0):
        super().__init__()
        self.W = nn.Parameter(torch.randn(embed_dim // 2) * scale, requires_grad=False)

    def forward(self, x):
        x_proj = x[:, None] * self.W[None, :] * 2 * math.pi
        return torch.cat([torch.sin(x_proj), torch.cos(x_proj)], dim=-1)


class ResnetBlock(nn.Module):
    def __init__(self, cin, cout, temb_dim):
        super().__init__()
        self.norm1 = nn.GroupNorm(min(cin // 4, 32), cin)
        self.conv1 = nn.Conv2d(cin, cout, 3)
        self.temb = nn.Linear(temb_dim, cout)
        self.norm2 = nn.GroupNorm(min(cout // 4, 32), cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x, temb):
        h = self.conv1(F.pad(F.silu(self.norm1(x)), (1, 1, 1, 1), mode="reflect"))
        h = h + self.temb(F.silu(temb))[:, :, None, None]
        h = self.conv2(F.silu(self.norm2(h)))
        return (self.skip(x) + h) / math.sqrt(2.0)


class TinyNCSNpp(nn.Module):
    def __init__(self, ch=32, temb_dim=64):
        super().__init__()
        self.embed = GaussianFourierProjection(temb_dim)
        self.inc = nn.Conv2d(1, ch, 3, padding=1)
        self.down1 = ResnetBlock(ch, ch, temb_dim)
        self.pool = nn.AvgPool2d(2)
        self.mid = ResnetBlock(ch, 2 * ch, temb_dim)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.up1 = ResnetBlock(3 * ch, ch, temb_dim)
        self.outc = nn.Conv2d(ch, 1, 3, padding=1)

    def forward(self, x, sigma):
        temb = self.embed(torch.log(sigma))
        h1 = self.down1(self.inc(x), temb)
        h2 = self.mid(self.pool(h1), temb)
        h = self.up1(torch.cat([self.up(h2), h1], dim=1), temb)
        return self.outc(h) / sigma[:, None, None, None]


class VESDE:
    def __init__(self, sigma_min=0.01, sigma_max=50.0, N=1000):
        self.sigma_min, self.sigma_max, self.N = sigma_min, sigma_max, N

    def marginal_std(self, t):
        return self.sigma_min * (self.sigma_max / self.sigma_min) ** t


def dsm_loss(model, sde, x, eps=1e-5):
    t = torch.rand(x.size(0)) * (1.0 - eps) + eps
    std = sde.marginal_std(t)
    z = torch.randn_like(x)
    perturbed = x + std[:, None, None, None] * z
    score = model(perturbed, std)
    return torch.mean(torch.sum((score * std[:, None, None, None] + z) ** 2, dim=(1, 2, 3)) * 0.5)


@torch.no_grad()
def euler_maruyama_sampler(model, sde, shape, steps=500):
    x = torch.randn(shape) * sde.sigma_max
    ts = torch.linspace(1.0, 1e-3, steps)
    dt = ts[0] - ts[1]
    for t in ts:
        std = sde.marginal_std(t).expand(shape[0])
        g2 = std ** 2 * 2 * math.log(sde.sigma_max / sde.sigma_min)
        x = x + g2[:, None, None, None] * model(x, std) * dt + torch.sqrt(g2 * dt)[:, None, None, None] * torch.randn_like(x)
    return x


def train(loader, epochs=50, lr=2e-4):
    model, sde = TinyNCSNpp(), VESDE()
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    ema = [p.detach().clone() for p in model.parameters()]
    for _ in range(epochs):
        for x, _ in loader:
            loss = dsm_loss(model, sde, x)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            with torch.no_grad():
                for e, p in zip(ema, model.parameters()):
                    e.mul_(0.999).add_(p, alpha=0.001)
    return model, ema
