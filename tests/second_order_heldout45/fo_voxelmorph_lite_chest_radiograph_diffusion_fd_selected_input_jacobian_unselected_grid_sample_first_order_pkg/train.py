"""Train the flow network on synthetic radiograph pairs (a smooth random deformation of the same anatomy)."""
import argparse
import math

import torch
import torch.nn.functional as F

from config import RegConfig
from losses import SIMILARITIES
from models import FlowUNet, SpatialTransformer
from regularisers import REGULARISERS


def phantom_pair(cfg, stn):
    ys, xs = torch.meshgrid(torch.linspace(-1, 1, cfg.size), torch.linspace(-1, 1, cfg.size), indexing="ij")
    lungs = torch.exp(-((xs.abs() - 0.45) ** 2 / 0.05 + ys ** 2 / 0.3))
    ribs = 0.3 * (torch.sin(12 * ys) > 0.6).float() * (xs.abs() < 0.8).float()
    fixed = (lungs + ribs)[None, None].repeat(cfg.batch, 1, 1, 1)
    coarse = 0.08 * torch.randn(cfg.batch, 2, 4, 4)
    true_flow = F.interpolate(coarse, size=(cfg.size, cfg.size), mode="bilinear", align_corners=True)
    with torch.no_grad():
        moving = stn(fixed, true_flow) + 0.02 * torch.randn_like(fixed)
    return moving, fixed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=None)
    args = parser.parse_args()
    cfg = RegConfig()
    if args.steps:
        cfg.steps = args.steps
    torch.manual_seed(0)
    net, stn = FlowUNet(cfg), SpatialTransformer(cfg.size)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    similarity = SIMILARITIES[cfg.similarity]
    smoothness = REGULARISERS[cfg.smoothness]
    for step in range(cfg.steps):
        moving, fixed = phantom_pair(cfg, stn)
        moving.requires_grad_(True)
        flow = net(moving, fixed)
        warped = stn(moving, flow)
        sim = similarity(warped, fixed, window=cfg.ncc_window)
        reg = smoothness(flow, moving=moving)
        loss = sim + cfg.smooth_weight * reg
        (g_flow,) = torch.autograd.grad(sim, flow, retain_graph=True, create_graph=cfg.log_grad_graph)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            disp = flow.pow(2).sum(1).sqrt().mean() * cfg.size / 2
        print(f"step {step}: sim {sim.item():.4f} reg {reg.item():.5f} |dL/dflow| {g_flow.norm().item():.2e} "
              f"mean disp {disp.item():.2f}px angle {math.degrees(torch.atan2(flow[:, 1], flow[:, 0]).mean().item()):.1f}")


if __name__ == "__main__":
    main()
