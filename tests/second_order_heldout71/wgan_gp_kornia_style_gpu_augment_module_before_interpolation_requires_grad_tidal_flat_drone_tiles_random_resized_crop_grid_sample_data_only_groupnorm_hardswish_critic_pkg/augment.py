"""GPU-side batch augmentation in the style of kornia.augmentation: every op is an nn.Module that
takes a (B, C, H, W) batch and samples its own per-sample parameters."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class RandomHorizontalFlip(nn.Module):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p

    def forward(self, x):
        do = (torch.rand(x.size(0), 1, 1, 1, device=x.device) < self.p).to(x.dtype)
        return do * torch.flip(x, dims=[3]) + (1 - do) * x


class RandomResizedCrop(nn.Module):
    def __init__(self, scale=(0.6, 1.0)):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        b = x.size(0)
        s = torch.empty(b, device=x.device).uniform_(*self.scale).sqrt()
        tx = (torch.rand(b, device=x.device) * 2 - 1) * (1 - s)
        ty = (torch.rand(b, device=x.device) * 2 - 1) * (1 - s)
        theta = torch.zeros(b, 2, 3, device=x.device)
        theta[:, 0, 0], theta[:, 1, 1] = s, s
        theta[:, 0, 2], theta[:, 1, 2] = tx, ty
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="reflection", align_corners=False)


class ColorJitter(nn.Module):
    def __init__(self, brightness=0.2, contrast=0.2):
        super().__init__()
        self.b, self.c = brightness, contrast

    def forward(self, x):
        n = x.size(0)
        x = x + (torch.rand(n, 1, 1, 1, device=x.device) * 2 - 1) * self.b
        m = x.mean(dim=(1, 2, 3), keepdim=True)
        x = (x - m) * (1 + (torch.rand(n, 1, 1, 1, device=x.device) * 2 - 1) * self.c) + m
        return x.clamp(-1, 1)


class RandomErasing(nn.Module):
    def __init__(self, p=0.3, frac=0.25):
        super().__init__()
        self.p, self.frac = p, frac

    def forward(self, x):
        b, _, h, w = x.shape
        eh, ew = int(h * self.frac), int(w * self.frac)
        top = torch.randint(0, h - eh + 1, (b, 1, 1), device=x.device)
        left = torch.randint(0, w - ew + 1, (b, 1, 1), device=x.device)
        yy = torch.arange(h, device=x.device).view(1, h, 1)
        xx = torch.arange(w, device=x.device).view(1, 1, w)
        box = ((yy >= top) & (yy < top + eh) & (xx >= left) & (xx < left + ew)).unsqueeze(1)
        on = (torch.rand(b, 1, 1, 1, device=x.device) < self.p)
        return torch.where(box & on, torch.zeros_like(x), x)


def build_augment(cfg):
    return nn.Sequential(
        RandomHorizontalFlip(cfg.flip_p),
        RandomResizedCrop(cfg.crop_scale),
        ColorJitter(cfg.jitter_brightness, cfg.jitter_contrast),
        RandomErasing(cfg.erase_p),
    )
