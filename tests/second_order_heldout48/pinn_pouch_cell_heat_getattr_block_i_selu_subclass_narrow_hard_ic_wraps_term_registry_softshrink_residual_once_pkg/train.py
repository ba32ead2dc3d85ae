"""Fit the pouch-cell temperature field to sparse thermocouple data under the heat equation."""
import argparse

import torch

from config import CFG
from fields import TemperatureField
from physics import TERMS


def edge_points(n):
    s = torch.rand(n, 1)
    side = torch.randint(0, 4, (n,))
    xy = torch.where(side[:, None] % 2 == 0, torch.cat([s, (side[:, None] // 2).float()], 1),
                     torch.cat([(side[:, None] // 2).float(), s], 1))
    normal = torch.zeros(n, 2)
    normal[side == 0, 1] = -1.0
    normal[side == 2, 1] = 1.0
    normal[side == 1, 0] = -1.0
    normal[side == 3, 0] = 1.0
    return torch.cat([xy, torch.rand(n, 1)], 1), normal


def make_batch(cfg):
    edge, normal = edge_points(cfg["n_edge"])
    tc = torch.rand(cfg["n_tc"], 3)
    return {
        "interior": torch.rand(cfg["n_interior"], 3),
        "edge": edge,
        "normal": normal,
        "tc_xyt": tc,
        "tc_T": cfg["t_amb"] + 0.5 * tc[:, 2:3] * torch.exp(-((tc[:, 1:2] - 0.95) ** 2) / 0.1),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=CFG["epochs"])
    args = ap.parse_args()
    torch.manual_seed(CFG["seed"])
    model = TemperatureField(CFG["t_amb"])
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for epoch in range(args.epochs):
        batch = make_batch(CFG)
        parts = {name: TERMS[name](model, batch, CFG) for name in CFG["terms"]}
        loss = sum(parts.values())
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, f"{loss.item():.5f}", {k: round(v.item(), 5) for k, v in parts.items()})


if __name__ == "__main__":
    main()
