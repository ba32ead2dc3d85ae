"""Fit a daily precipitation field to alpine rain gauges with a curvature prior."""
import torch
import torch.nn.functional as F

from config import get_config
from fields import FIELDS
from smoothness import PRIORS


def synth_day(n, gen):
    xy = torch.rand(n, 2, generator=gen)
    elev = torch.rand(n, 1, generator=gen)          # normalised elevation
    storm = torch.exp(-((xy - torch.tensor([0.3, 0.6])) ** 2).sum(-1) / 0.05)
    rain = 25 * storm * (1 + 0.8 * elev.squeeze(-1)) + 2 * torch.rand(n, generator=gen)
    return torch.cat([xy, elev], dim=-1), torch.log1p(rain)


def main():
    cfg = get_config([])
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    model = FIELDS[cfg.field](cfg)
    prior = PRIORS[cfg.prior](cfg.prior_weight)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    coords, target = synth_day(cfg.gauges, gen)
    for step in range(cfg.steps):
        colloc = torch.cat([torch.rand(cfg.colloc, 2, generator=gen),
                            torch.rand(cfg.colloc, 1, generator=gen)], dim=-1)
        fit = F.huber_loss(model(coords), target, delta=0.5)
        bend = prior(model, colloc)
        opt.zero_grad()
        (fit + bend).backward()
        opt.step()
        with torch.no_grad():
            H = prior.hessians(model, colloc[:4])
            lap = torch.stack([torch.trace(h) for h in H])
        print(f"step {step}: huber {fit.item():.4f}  bending {bend.item():.3e}  "
              f"laplacian[0:4] {lap.numpy().round(2)}")


if __name__ == "__main__":
    main()
