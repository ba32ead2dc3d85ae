"""DiffAugment-style random translation, differentiable w.r.t. the image (used on reals and fakes)."""
import torch
import torch.nn.functional as F


def random_translate(img, fraction):
    n = img.size(0)
    shift = (torch.rand(n, 2) * 2.0 - 1.0) * 2.0 * fraction
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = 1.0
    theta[:, 1, 1] = 1.0
    theta[:, :, 2] = shift
    grid = F.affine_grid(theta, list(img.shape), align_corners=False)
    return F.grid_sample(img, grid, padding_mode="reflection", align_corners=False)
