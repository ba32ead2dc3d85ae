"""Rod network: (s, tendon tension, tip force) -> centreline position and unit tangent."""
import math
from itertools import pairwise

import torch
import torch.nn as nn
import torch.nn.functional as F


def block(d_in, d_out, act):
    return [nn.Linear(d_in, d_out), act()]


def build_trunk(widths, act=nn.SELU):
    return nn.Sequential(*[m for a, b in pairwise(widths) for m in block(a, b, act)])


class RodNet(nn.Module):
    def __init__(self, net_cfg, rod):
        super().__init__()
        widths = [4] + [net_cfg["width"]] * net_cfg["depth"]
        self.trunk = build_trunk(widths)
        self.pos_head = nn.Linear(widths[-1], 2)
        self.dir_head = nn.Linear(widths[-1], 2)
        self.head_act = nn.Hardshrink(0.05) if net_cfg["deadband_head"] else nn.Identity()
        self.length = rod["length"]
        self.base_dir = torch.tensor([math.cos(rod["base_angle"]), math.sin(rod["base_angle"])])
        self.scales = [lambda s: s / self.length, lambda tau: tau / 4.0, lambda f: f / 0.3]

    def forward(self, s, tension, force):
        feats = [g(v) for g, v in zip(self.scales, (s, tension, force))]
        h = self.trunk(torch.cat(feats, dim=-1))
        pos = s * self.pos_head(h)                        # x(0) = y(0) = 0 by construction
        d = self.base_dir + self.head_act(self.dir_head(h))
        tangent = F.normalize(d, dim=-1)                  # (cos theta, sin theta)
        return pos, tangent

