# Score distillation sampling (SDS, Poole et al. 2022) of a tileable quilt-block texture: a small
# texture generator is optimised so that a frozen, pretrained noise-prediction network finds its
# renders plausible.  The SDS gradient w * (eps_hat - eps) is computed without tracking the
# denoiser's Jacobian and injected with ``tensor.backward(gradient=...)``.
import torch
import torch.nn as nn
import torch.nn.functional as F

T_STEPS = 50
BETAS = torch.linspace(1e-4, 0.05, T_STEPS)
ALPHA_BAR = torch.cumprod(1 - BETAS, dim=0)


class TinyDenoiser(nn.Module):
    """Stand-in for a pretrained eps-prediction UNet (frozen)."""

    def __init__(self, ch=16):
        super().__init__()
        self.t_embed = nn.Embedding(T_STEPS, ch)
        self.down = nn.Sequential(nn.Conv2d(3, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.SiLU(), nn.AvgPool2d(2))
        self.mid = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.SiLU())
        self.up = nn.Sequential(nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(ch, 3, 3, padding=1))

    def forward(self, x, t):
        h = self.down(x) + self.t_embed(t)[:, :, None, None]
        return self.up(self.mid(h))


class QuiltTexture(nn.Module):
    """Fourier-feature texture field rendered on a periodic 16x16 grid."""

    def __init__(self, n_freq=4, hidden=32):
        super().__init__()
        self.freqs = nn.Parameter(torch.randint(1, 4, (n_freq, 2)).float(), requires_grad=False)
        self.mlp = nn.Sequential(nn.Linear(2 * n_freq, hidden), nn.ReLU(), nn.Linear(hidden, 3))

    def forward(self):
        u = torch.linspace(0, 1, 16)
        grid = torch.stack(torch.meshgrid(u, u, indexing="ij"), -1).view(-1, 2)
        proj = 2 * torch.pi * grid @ self.freqs.T
        feats = torch.cat([torch.sin(proj), torch.cos(proj)], -1)
        img = torch.tanh(self.mlp(feats)).view(16, 16, 3).permute(2, 0, 1)
        return img.unsqueeze(0)


def sds_step(texture, denoiser, optimizer, guidance_weight=1.0):
    img = texture()
    t = torch.randint(5, T_STEPS - 5, (1,))
    a = ALPHA_BAR[t].view(1, 1, 1, 1)
    eps = torch.randn_like(img)
    noisy = a.sqrt() * img + (1 - a).sqrt() * eps
    with torch.no_grad():
        eps_hat = denoiser(noisy, t)
    grad = guidance_weight * (1 - a) * (eps_hat - eps)
    optimizer.zero_grad()
    img.backward(gradient=grad)
    optimizer.step()
    target = (img - grad).detach()
    return 0.5 * F.mse_loss(img, target, reduction="sum").item()


def main(steps=3):
    torch.manual_seed(0)
    denoiser = TinyDenoiser().eval().requires_grad_(False)
    texture = QuiltTexture()
    opt = torch.optim.Adam([p for p in texture.parameters() if p.requires_grad], lr=1e-2)
    for step in range(steps):
        pseudo_loss = sds_step(texture, denoiser, opt)
        print(f"step {step}: SDS pseudo-loss {pseudo_loss:.4f}")


if __name__ == "__main__":
    main()
