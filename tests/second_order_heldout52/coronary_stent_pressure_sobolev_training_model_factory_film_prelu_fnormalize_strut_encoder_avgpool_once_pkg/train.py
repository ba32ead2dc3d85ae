"""Sobolev training of a coronary-stent pressure surrogate on random strut geometries."""
import argparse

import torch

from config import CFG
from models import build_model
from sobolev import sobolev_loss, teacher_with_grad


def random_geometry(cfg):
    base = 0.05 + 0.1 * torch.rand(cfg.model.struts)
    return (base * (torch.rand(cfg.model.struts) > 0.3).float()).unsqueeze(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG.train.steps)
    args = ap.parse_args()
    torch.manual_seed(0)

    model = build_model(CFG.model)
    opt = torch.optim.Adam(model.parameters(), lr=CFG.train.lr)
    for step in range(args.steps):
        opt.zero_grad()
        total_v = total_s = 0.0
        for _ in range(CFG.train.geometries):
            profile = random_geometry(CFG)
            xy = torch.rand(CFG.train.points, 2)
            p_ref, g_ref = teacher_with_grad(xy, profile.squeeze(0)[None].expand(CFG.train.points, -1), CFG.flow)
            prof = profile.expand(CFG.train.points, -1)
            loss, v, s = sobolev_loss(model, xy, prof, p_ref, g_ref, CFG.sobolev)
            (loss / CFG.train.geometries).backward()
            total_v, total_s = total_v + v.item(), total_s + s.item()
        opt.step()
        print(f"step {step}  value {total_v / CFG.train.geometries:.4f}  grad {total_s / CFG.train.geometries:.4f}")


if __name__ == "__main__":
    main()
