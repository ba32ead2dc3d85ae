import math

import torch

import config
from meta import inner_adapt, query_loss
from nets import InflowRegressor, PerLayerLR


def reservoir_task(shots=config.SHOTS):
    """Inflow ~ a * rain + b * snowmelt(temp) + c, with per-reservoir coefficients."""
    a, b, c = torch.rand(3) * torch.tensor([2.0, 1.0, 0.5])
    x = torch.rand(2 * shots, config.IN_FEATURES)
    y = a * x[:, :1] + b * torch.relu(x[:, 1:2] - 0.3) + c + 0.05 * torch.sin(6 * math.pi * x[:, 2:3])
    return (x[:shots], y[:shots]), (x[shots:], y[shots:])


def main():
    torch.manual_seed(19)
    model = InflowRegressor()
    inner_lrs = PerLayerLR(model)
    meta_opt = torch.optim.Adam(list(model.parameters()) + list(inner_lrs.parameters()), lr=config.META_LR)
    for it in range(config.ITERATIONS):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(config.META_BATCH):
            (xs, ys), (xq, yq) = reservoir_task()
            fast = inner_adapt(model, inner_lrs, xs, ys)
            loss = query_loss(model, fast, xq, yq) / config.META_BATCH
            loss.backward()
            total += loss.item()
        meta_opt.step()
        print(f"it {it} query {total:.4f} lr[inp.weight] {inner_lrs['layers.inp.weight'].item():.4f}")


if __name__ == "__main__":
    main()
