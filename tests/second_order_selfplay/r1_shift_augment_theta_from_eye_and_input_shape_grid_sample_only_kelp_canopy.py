import torch
import torch.nn as nn
import torch.nn.functional as F


def jitter(imgs, pixels=2.0):
    b, c, h, w = imgs.shape
    base = torch.eye(2, 3).unsqueeze(0).repeat(b, 1, 1)
    offs = torch.randint(-2, 3, (b, 2)).float() * (pixels / max(h, w))
    base[:, :, 2] = offs
    grid = F.affine_grid(base, imgs.size(), align_corners=True)
    return F.grid_sample(imgs, grid, padding_mode="reflection", align_corners=True)


critic = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.Tanh(), nn.Flatten(), nn.Linear(8 * 12 * 12, 1))
opt = torch.optim.Adam(critic.parameters(), lr=1e-4)
for step in range(2):
    real = torch.rand(4, 3, 12, 12, requires_grad=True)
    score = critic(jitter(real)).sum()
    (g,) = torch.autograd.grad(score, real, create_graph=True)
    penalty = 5.0 * g.pow(2).flatten(1).sum(1).mean()
    opt.zero_grad()
    penalty.backward()
    opt.step()
