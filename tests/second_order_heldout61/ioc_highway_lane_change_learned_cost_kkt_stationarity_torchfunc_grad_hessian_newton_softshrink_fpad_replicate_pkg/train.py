"""Fit the lane-change cost to (synthetic) drone-recorded lane changes."""
import math

import torch

from config import COST, DT, HORIZON, IOC, LANE_WIDTH, TRAIN
from cost import StageCost
from ioc import make_objective


@torch.no_grad()
def demonstrations(n, gen):
    """Smooth minimum-jerk-like lane changes with driver-specific duration, plus a jerky alternative."""
    t = torch.arange(1, HORIZON + 1) * DT
    dur = HORIZON * DT * (0.7 + 0.3 * torch.rand(n, 1, generator=gen))
    tau = (t / dur).clamp(max=1.0)
    y = LANE_WIDTH * (10 * tau ** 3 - 15 * tau ** 4 + 6 * tau ** 5)
    vy = torch.diff(y, dim=-1, prepend=torch.zeros(n, 1)) / DT
    u = torch.diff(vy, dim=-1, prepend=torch.zeros(n, 1)) / DT
    alt = u + 0.8 * torch.sin(2 * math.pi * t / (4 * DT)) * torch.randn(n, 1, generator=gen).sign()
    ctx = {"y0": torch.zeros(n), "vy0": torch.zeros(n), "target": torch.full((n,), LANE_WIDTH),
           "gap": 20.0 + 10 * torch.rand(n, generator=gen)}
    return u, ctx, alt


def main():
    gen = torch.Generator().manual_seed(TRAIN["seed"])
    model = StageCost(COST["features"], COST["hidden"], COST["shrink"], COST["u_reg"])
    opt = torch.optim.Adam(model.parameters(), lr=TRAIN["lr"])
    objective = make_objective(model, IOC, IOC["damping"])
    for step in range(TRAIN["steps"]):
        demo_u, ctx, alt_u = demonstrations(TRAIN["batch"], gen)
        loss, terms = objective(dict(model.named_parameters()), demo_u, ctx, alt_u)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 5), {k: round(v.item(), 5) for k, v in terms.items()})


if __name__ == "__main__":
    main()
