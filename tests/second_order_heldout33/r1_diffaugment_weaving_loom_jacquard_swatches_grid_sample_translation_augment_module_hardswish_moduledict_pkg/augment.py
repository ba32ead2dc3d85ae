"""Differentiable augmentation (DiffAugment-style random translation) applied to every image D sees."""
import torch
import torch.nn.functional as F


def random_translate(x, max_shift=0.125):
    n = x.size(0)
    shift = (torch.rand(n, 2) * 2 - 1) * max_shift
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = 1.0
    theta[:, 1, 1] = 1.0
    theta[:, :, 2] = shift
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    return F.grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=False)


def brightness(x, strength=0.2):
    return x + (torch.rand(x.size(0), 1, 1, 1) - 0.5) * strength


def diff_augment(x):
    return random_translate(brightness(x))
