"""DDPM on carillon clapper strike-force cycles, with a Lipschitz regulariser on the noise predictor.

Each training example is one full swing cycle of a clapper (strike force sampled around the cycle),
so the signal is periodic and the convolutions pad circularly.  Besides the usual epsilon-prediction
loss, the noise predictor's input Jacobian is kept small: E ||v^T d eps(x_t, t) / d x_t||^2 with
Gaussian probes v, computed with autograd.grad(..., create_graph=True) so it trains the weights.
The loss and the regulariser are closures returned by factory functions chosen from the config.
"""
import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class DiffusionConfig:
    length: int = 32
    channels: int = 8
    timesteps: int = 50
    regulariser: str = "jacobian_vjp"     # "jacobian_vjp" | "finite_difference"
    reg_weight: float = 0.02
    batch: int = 32
    iters: int = 5
    lr: float = 2e-3


def sinusoidal(t, dim=16):
    freqs = torch.exp(-math.log(1000.0) * torch.arange(dim // 2) / (dim // 2))
    ang = t.float()[:, None] * freqs[None]
    return torch.cat([ang.sin(), ang.cos()], dim=1)


class CircularBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, kernel_size=3)
        self.shrink = nn.Softshrink(0.05)
        self.act = nn.SiLU()

    def forward(self, x, temb):
        h = self.conv(F.pad(x, (1, 1), mode="circular"))
        return self.act(self.shrink(h) + temb[:, :, None])


class StrikeEpsNet(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.time_mlp = nn.Sequential(nn.Linear(16, channels), nn.PReLU(channels), nn.Linear(channels, channels))
        self.b1 = CircularBlock(1, channels)
        self.b2 = CircularBlock(channels, channels)
        self.out = nn.Conv1d(channels, 1, kernel_size=1)

    def forward(self, x, t):
        temb = self.time_mlp(sinusoidal(t))
        h = self.b2(self.b1(x.unsqueeze(1), temb), temb)
        return self.out(h).squeeze(1)


def make_schedule(T):
    betas = torch.linspace(1e-4, 0.05, T)
    return torch.cumprod(1.0 - betas, dim=0), betas


def make_eps_loss(alpha_bar):
    def eps_loss(model, x0, t, noise):
        a = alpha_bar[t][:, None]
        x_t = a.sqrt() * x0 + (1 - a).sqrt() * noise
        return F.mse_loss(model(x_t, t), noise), x_t
    return eps_loss


def make_regulariser(cfg):
    if cfg.regulariser == "jacobian_vjp":
        def jacobian_reg(model, x_t, t):
            x_t = x_t.detach().requires_grad_(True)
            eps = model(x_t, t)
            v = torch.randn_like(eps)
            (vjp,) = torch.autograd.grad(eps, x_t, v, create_graph=True)
            return vjp.pow(2).sum(dim=1).mean()
        return jacobian_reg
    if cfg.regulariser == "finite_difference":
        def fd_reg(model, x_t, t):
            d = 1e-2 * torch.randn_like(x_t)
            return ((model(x_t + d, t) - model(x_t, t)).pow(2).sum(1) / d.pow(2).sum(1)).mean()
        return fd_reg
    raise ValueError(cfg.regulariser)


def strike_cycles(n, length, gen):
    phase = torch.linspace(0, 2 * math.pi, length + 1)[:-1]
    hit = torch.rand(n, 1, generator=gen) * 2 * math.pi
    width = 0.15 + 0.1 * torch.rand(n, 1, generator=gen)
    force = torch.exp((torch.cos(phase - hit) - 1) / width ** 2 * 0.05)
    return force * (1 + 0.2 * torch.randn(n, 1, generator=gen)) - 0.5


@torch.no_grad()
def tempo_stretch(x, gen):
    """Augmentation: resample the cycle to a slightly different swing tempo and back."""
    n = x.shape[1] + int(torch.randint(-4, 5, (1,), generator=gen))
    y = F.interpolate(x.unsqueeze(1), size=n, mode="linear", align_corners=False)
    return F.interpolate(y, size=x.shape[1], mode="linear", align_corners=False).squeeze(1)


def main(cfg=DiffusionConfig()):
    gen = torch.Generator().manual_seed(17)
    data = strike_cycles(400, cfg.length, gen)
    alpha_bar, _ = make_schedule(cfg.timesteps)
    model = StrikeEpsNet(cfg.channels)
    eps_loss, regulariser = make_eps_loss(alpha_bar), make_regulariser(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for it in range(cfg.iters):
        x0 = tempo_stretch(data[torch.randint(0, len(data), (cfg.batch,), generator=gen)], gen)
        t = torch.randint(0, cfg.timesteps, (cfg.batch,), generator=gen)
        loss_eps, x_t = eps_loss(model, x0, t, torch.randn(x0.shape, generator=gen))
        lip = regulariser(model, x_t, t)
        loss = loss_eps + cfg.reg_weight * lip
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it}  eps-mse {loss_eps.item():.4f}  |v^T J|^2 {lip.item():.3f}")


if __name__ == "__main__":
    main()
