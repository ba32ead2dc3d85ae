"""cd <pkg> && python train.py"""
import argparse
import logging
import math

import torch
import torch.nn.functional as F

from config import CHANNELS, Config
from model import BindingLoadNet
from sensitivity import channel_sensitivity, jacobian_smoothness

log = logging.getLogger("binding")


@torch.no_grad()
def ride_windows(cfg, n):
    t = torch.arange(cfg.window).float() / 100.0
    turn_rate = 2 * math.pi * (0.5 + torch.rand(n, 1))
    edge = torch.sin(turn_rate * t + 2 * math.pi * torch.rand(n, 1))
    imu = 0.1 * torch.randn(n, len(CHANNELS), cfg.window)
    imu[:, 1] += 2.0 * edge
    imu[:, 3] += turn_rate * torch.cos(turn_rate * t)
    imu[:, 2] += 9.81 + 0.5 * torch.randn(n, 1)
    heel = F.relu(-edge[:, -1]) * 600 + 300
    toe = F.relu(edge[:, -1]) * 600 + 300
    return imu, torch.stack([heel, toe], dim=1) / 1000.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=Config.steps)
    args = parser.parse_args()
    cfg = Config(steps=args.steps)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = BindingLoadNet(cfg.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        imu, load = ride_windows(cfg, cfg.batch)
        fit = F.smooth_l1_loss(model(imu), load, beta=0.05)
        smooth = jacobian_smoothness(model, imu, create_graph=cfg.double_backprop)
        loss = fit + cfg.smooth_weight * smooth
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        msg = f"step {step} fit {fit.item():.4f} smooth {smooth.item():.3e}"
        if step % cfg.sens_every == 0:
            with torch.no_grad():
                sens = channel_sensitivity(model, imu)
            msg += " sens " + " ".join(f"{c}={s:.3f}" for c, s in zip(CHANNELS, sens))
        log.info(msg)

    model.eval()
    with torch.inference_mode():
        imu, load = ride_windows(cfg, 64)
        log.info("eval mae %.4f", (model(imu) - load).abs().mean().item())


if __name__ == "__main__":
    main()
