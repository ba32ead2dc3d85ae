"""Analog meter dial reading: regress the needle angle (as cos/sin) from a dial crop.

A spatial transformer canonicalises the dial before the regressor. Training adds a double-backprop
penalty on the input gradient so that small glare / dust changes do not move the reading. The
dataset performs its own random affine jitter of every sample on the CPU.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

log = logging.getLogger("dial")


def render_dial(angle, res):
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, res), torch.linspace(-1, 1, res), indexing="ij")
    face = (xs.pow(2) + ys.pow(2) < 0.9).float() * 0.8
    t = xs * math.cos(angle) + ys * math.sin(angle)
    d = (-xs * math.sin(angle) + ys * math.cos(angle)).abs()
    needle = ((d < 0.08) & (t > 0) & (t < 0.85)).float()
    return (face - needle).clamp(0, 1).unsqueeze(0)


class DialCrops(Dataset):
    def __init__(self, n=48, res=24, jitter=0.15, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.angles = torch.rand(n, generator=g) * 2 * math.pi
        self.res, self.jitter = res, jitter

    def __len__(self):
        return len(self.angles)

    def __getitem__(self, i):
        a = float(self.angles[i])
        img = render_dial(a, self.res).unsqueeze(0)
        rot = (torch.rand(()) - 0.5) * self.jitter
        theta = torch.tensor([[torch.cos(rot), -torch.sin(rot), 0.0],
                              [torch.sin(rot), torch.cos(rot), 0.0]]).unsqueeze(0)
        theta[:, :, 2] = (torch.rand(2) - 0.5) * self.jitter
        grid = F.affine_grid(theta, list(img.shape), align_corners=False)
        img = F.grid_sample(img, grid, padding_mode="border", align_corners=False)
        target = torch.tensor([math.cos(a), math.sin(a)])
        return img.squeeze(0), target


class SpatialTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.loc = nn.Sequential(
            nn.Conv2d(1, 8, 5, stride=2, padding=2), nn.ReLU6(),
            nn.Conv2d(8, 8, 3, stride=2, padding=1), nn.ReLU(),
            nn.Flatten(), nn.Linear(8 * 6 * 6, 6),
        )
        nn.init.normal_(self.loc[-1].weight, std=1e-3)
        with torch.no_grad():
            self.loc[-1].bias.copy_(torch.tensor([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]))

    def forward(self, x):
        theta = self.loc(x).view(-1, 2, 3)
        grid = F.affine_grid(theta, list(x.shape), align_corners=False)
        return F.grid_sample(x, grid, padding_mode="zeros", align_corners=False)


class DialReader(nn.Module):
    def __init__(self):
        super().__init__()
        self.stn = SpatialTransformer()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.Tanh(),
            nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.Tanh(),
        )
        self.out = nn.Linear(16 * 12 * 12, 2)

    def forward(self, x):
        return self.out(self.conv(self.stn(x)).flatten(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--lam", type=float, default=0.05)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    loader = DataLoader(DialCrops(), batch_size=12, shuffle=True)
    model = DialReader()
    opt = torch.optim.Adam(model.parameters(), 1e-3)
    for epoch in range(args.epochs):
        for img, target in loader:
            img.requires_grad_(True)
            pred = model(img)
            fit = F.mse_loss(pred, target)
            (gx,) = torch.autograd.grad(fit, img, create_graph=True)
            penalty = gx.flatten(1).pow(2).sum(1).mean()
            opt.zero_grad()
            (fit + args.lam * penalty).backward()
            assert model.stn.loc[0].weight.grad is not None
            opt.step()
        log.info("epoch %d mse %.4f input-grad %.6f", epoch, fit.item(), penalty.item())


if __name__ == "__main__":
    main()
