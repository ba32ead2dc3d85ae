"""Train the drone-reed score model with the objective named in config.CFG."""
import math

import torch

from config import CFG
from losses import OBJECTIVES
from models import DroneScoreNet


def reed_onsets(cfg, gen):
    """Damped reed oscillation with a per-drone pitch and random attack time."""
    t = torch.linspace(0, 1, cfg.length)
    pitch = torch.tensor([1.0, 1.0, 0.5])[torch.randint(0, 3, (cfg.n_windows,), generator=gen)]
    attack = 0.1 + 0.2 * torch.rand(cfg.n_windows, 1, generator=gen)
    env = torch.sigmoid((t - attack) * 40) * torch.exp(-2.0 * (t - attack).clamp(min=0))
    wave = torch.sin(2 * math.pi * 9 * pitch[:, None] * t) + 0.3 * torch.sin(2 * math.pi * 27 * pitch[:, None] * t)
    x = env * wave + 0.02 * torch.randn(cfg.n_windows, cfg.length, generator=gen)
    return x / x.std()


def main(cfg=CFG):
    gen = torch.Generator().manual_seed(cfg.seed)
    data = reed_onsets(cfg.data, gen)
    model = DroneScoreNet(cfg.data.length, cfg.channels, cfg.act)
    objective = OBJECTIVES[cfg.objective]
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        batch = data[torch.randint(0, data.shape[0], (cfg.batch,), generator=gen)]
        loss = objective(model, batch, cfg)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}  {cfg.objective} loss {loss.item():+.4f}")
    with torch.no_grad():
        score_norm = model(data[:64]).norm(dim=1).mean()
    print(f"mean score norm on held windows: {score_norm.item():.3f}")


if __name__ == "__main__":
    main()
