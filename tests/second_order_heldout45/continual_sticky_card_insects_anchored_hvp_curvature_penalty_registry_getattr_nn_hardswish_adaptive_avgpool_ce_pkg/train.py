"""Task-by-task training with a replay buffer and a curvature penalty chosen in config.py."""
import argparse

import torch
import torch.nn.functional as F

from config import CLConfig
from model import TrapCardNet
from penalties import PENALTIES


def orchard_task(cfg, t, n):
    """Synthetic crops: each species has a colour / stripe signature."""
    y = t * cfg.classes_per_task + torch.randint(0, cfg.classes_per_task, (n,))
    s = cfg.image_size
    grid = torch.linspace(0, 3.14, s)
    stripes = torch.sin(grid[None, :] * (1 + y[:, None].float()))[:, None, None, :].expand(n, 3, s, s)
    tint = torch.stack([torch.cos(y.float()), torch.sin(y.float()), 0.3 * y.float() / 6], 1)[:, :, None, None]
    return stripes * 0.5 + tint + 0.2 * torch.randn(n, 3, s, s), y


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps-per-task", type=int, default=None)
    args = parser.parse_args()
    cfg = CLConfig()
    if args.steps_per_task:
        cfg.steps_per_task = args.steps_per_task
    torch.manual_seed(0)
    model = TrapCardNet(cfg)
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    make_penalty = PENALTIES[cfg.penalty]
    penalty_fn, replay_x, replay_y = None, [], []
    for t in range(cfg.n_tasks):
        for step in range(cfg.steps_per_task):
            x, y = orchard_task(cfg, t, cfg.batch)
            loss = F.cross_entropy(model(x), y)
            reg = penalty_fn(model) if penalty_fn is not None else torch.zeros(())
            opt.zero_grad()
            (loss + cfg.lam * reg).backward()
            opt.step()
            print(f"task {t} step {step}: ce {loss.item():.3f} penalty {reg.item():.5f}")
        x_keep, y_keep = orchard_task(cfg, t, cfg.replay_per_task)
        replay_x.append(x_keep)
        replay_y.append(y_keep)
        penalty_fn = make_penalty(model, torch.cat(replay_x), torch.cat(replay_y))
        with torch.no_grad():
            accs = []
            for s in range(t + 1):
                xe, ye = orchard_task(cfg, s, 32)
                accs.append((model(xe).argmax(1) == ye).float().mean().item())
        print(f"after task {t}: accuracy per orchard {[round(a, 2) for a in accs]}")


if __name__ == "__main__":
    main()
