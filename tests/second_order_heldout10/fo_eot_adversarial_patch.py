"""Physical adversarial patch (Brown et al., 2017) optimised with Expectation over Transformation.

Each step pastes the patch at a random scale/rotation via affine_grid + grid_sample, resizes the scene
bilinearly to the classifier's resolution and ascends the target-class log-probability. Only the
patch's first-order gradient is used; the classifier is frozen.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def frozen_classifier():
    net = nn.Sequential(
        nn.Conv2d(3, 16, 3, 2, 1), nn.ELU(), nn.Conv2d(16, 32, 3, 2, 1), nn.ELU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10), nn.LogSoftmax(dim=1))
    for p in net.parameters():
        p.requires_grad_(False)
    return net.eval()


def random_affine(batch, max_rot=0.3, scale=(0.3, 0.5)):
    ang = (torch.rand(batch) * 2 - 1) * max_rot
    s = torch.empty(batch).uniform_(*scale)
    tx, ty = (torch.rand(2, batch) * 2 - 1) * 0.5
    theta = torch.stack([torch.stack([torch.cos(ang) / s, -torch.sin(ang) / s, tx], 1),
                         torch.stack([torch.sin(ang) / s, torch.cos(ang) / s, ty], 1)], 1)
    return theta


def apply_patch(scenes, patch):
    b = scenes.size(0)
    theta = random_affine(b)
    grid = F.affine_grid(theta, list(scenes.shape), align_corners=False)
    canvas = F.grid_sample(patch.expand(b, -1, -1, -1), grid, align_corners=False)
    mask = F.grid_sample(torch.ones_like(patch).expand(b, -1, -1, -1), grid, align_corners=False)
    return scenes * (1 - mask) + canvas * mask


model = frozen_classifier()
patch = torch.rand(1, 3, 16, 16, requires_grad=True)
opt = torch.optim.Adam([patch], lr=0.05)
target = 3
for step in range(3):
    scenes = torch.rand(8, 3, 48, 48)
    adv = apply_patch(scenes, patch.clamp(0, 1))
    logp = model(F.interpolate(adv, size=(32, 32), mode="bilinear", align_corners=False))
    loss = -logp[:, target].mean()
    grad_patch, = torch.autograd.grad(loss, patch)
    opt.zero_grad()
    patch.grad = grad_patch
    opt.step()
    print(step, float(loss), math.exp(-float(loss)))
