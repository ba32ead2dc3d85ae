"""TangentProp (Simard et al.) for scoring-zone classification of arrow holes on a target face.

Each 16x16 crop shows one arrow hole on the ring pattern; the class is the scoring zone
(gold / red / blue / black). The zone must not change when the crop is rotated about the
target centre, so the directional derivative of the class probabilities along the rotation
tangent vector is penalised. Tangent vectors come from a small rotation of the input.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
        return cls
    return deco


@register("tangentnet")
class TangentNet(nn.Module):
    def __init__(self, n_zones=4, width=12, act="selu"):
        super().__init__()
        self.act = getattr(F, act)
        self.conv1 = nn.Conv2d(1, width, 3, padding=1)
        self.conv2 = nn.Conv2d(width, width, 3, padding=1)
        self.fc = nn.Linear(width * 4 * 4, n_zones)

    def forward(self, x):
        h = F.avg_pool2d(self.act(self.conv1(x)), 2)
        h = F.avg_pool2d(self.act(self.conv2(h)), 2)
        return self.fc(h.flatten(1))


@register("linear")
class LinearProbe(nn.Module):
    def __init__(self, n_zones=4, **_):
        super().__init__()
        self.fc = nn.Linear(256, n_zones)

    def forward(self, x):
        return self.fc(x.flatten(1))


def arrow_crops(n, size=16):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    r_hole = torch.rand(n) * 0.9
    ang = torch.rand(n) * 2 * math.pi
    hx, hy = (r_hole * torch.cos(ang)).view(n, 1, 1), (r_hole * torch.sin(ang)).view(n, 1, 1)
    rings = 0.5 * torch.cos(12 * (xx ** 2 + yy ** 2).sqrt())
    hole = -torch.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / 0.01)
    x = (rings + hole).unsqueeze(1) + 0.05 * torch.randn(n, 1, size, size)
    zone = (r_hole / 0.9 * 4).long().clamp(max=3)
    return x, zone


@torch.no_grad()
def rotation_tangent(x, eps=0.05):
    """(rotate(x, eps) - rotate(x, -eps)) / (2 eps), by bilinear resampling."""
    def rot(a):
        c, s = math.cos(a), math.sin(a)
        theta = torch.tensor([[c, -s, 0.0], [s, c, 0.0]]).expand(x.size(0), 2, 3)
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
    return (rot(eps) - rot(-eps)) / (2 * eps)


def tangent_penalty(model, x, t):
    x = x.clone().requires_grad_(True)
    prob = F.softmax(model(x), dim=1)
    pen = 0.0
    for k in range(prob.size(1)):
        gk, = torch.autograd.grad(prob[:, k].sum(), x, create_graph=True)
        pen = pen + ((gk * t).sum(dim=(1, 2, 3)) ** 2).mean()
    return pen


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="tangentnet")
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--gamma", type=float, default=0.1)
    args = ap.parse_args()
    torch.manual_seed(8)
    model = MODELS[args.model]()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(args.steps):
        x, zone = arrow_crops(args.batch)
        t = rotation_tangent(x)
        task = F.cross_entropy(model(x), zone)
        tp = tangent_penalty(model, x, t)
        opt.zero_grad()
        (task + args.gamma * tp).backward()
        opt.step()
        print("step %d  ce %.4f  tangent %.5f" % (step, task.item(), tp.item()))


if __name__ == "__main__":
    main()
