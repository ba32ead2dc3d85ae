import torch

import config
from model import YieldRegressor
from solver import gn_direction


def season_batch(n=config.BATCH):
    t = torch.linspace(0, 1, config.SEQ_LEN)
    ndvi = torch.sin(torch.pi * t) * (0.6 + 0.3 * torch.rand(n, 1))
    moisture = 0.3 + 0.1 * torch.randn(n, config.SEQ_LEN)
    temp = 15 + 5 * torch.sin(torch.pi * t) + torch.randn(n, config.SEQ_LEN)
    x = torch.stack([ndvi, moisture, temp / 20], 1)
    y = 60 * ndvi.mean(1) + 20 * moisture.mean(1)
    return x, y / 50


def main():
    torch.manual_seed(22)
    model = YieldRegressor()
    for it in range(config.OUTER_ITERS):
        x, y = season_batch()
        step, half_mse = gn_direction(model, x, y)
        with torch.no_grad():
            for name, p in model.named_parameters():
                p.add_(step[name])
        print(f"iter {it} 0.5*mse {half_mse.item():.5f}")


if __name__ == "__main__":
    main()
