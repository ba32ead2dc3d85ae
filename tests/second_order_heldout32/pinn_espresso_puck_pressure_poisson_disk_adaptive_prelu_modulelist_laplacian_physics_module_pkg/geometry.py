import math

import torch


def disk_interior(n, radius=1.0):
    r = radius * torch.sqrt(torch.rand(n, 1))
    th = 2 * math.pi * torch.rand(n, 1)
    return torch.cat([r * torch.cos(th), r * torch.sin(th)], dim=1)


def disk_boundary(n, radius=1.0):
    th = 2 * math.pi * torch.rand(n, 1)
    return radius * torch.cat([torch.cos(th), torch.sin(th)], dim=1)
