import torch

from meta import adapt, query_loss
from model import PointWeighter, RunoffNet
from settings import SETTINGS


def sample_glacier(n, window):
    base = torch.rand(1) * 3
    lag = torch.randint(1, 4, (1,)).item()
    x = torch.relu(torch.randn(n, window) + base)
    y = 0.4 * x[:, -lag] + 0.1 * x.mean(1) + 0.05 * torch.randn(n)
    return x, y


def main(cfg=SETTINGS):
    torch.manual_seed(0)
    model = RunoffNet.from_config(cfg.net)
    weighter = PointWeighter(cfg.net.window)
    opt = torch.optim.Adam(list(model.parameters()) + list(weighter.parameters()), lr=cfg.meta.meta_lr)
    for it in range(cfg.iterations):
        opt.zero_grad()
        total = 0.0
        for _ in range(cfg.meta.tasks_per_batch):
            x, y = sample_glacier(10, cfg.net.window)
            fast = adapt(model, weighter, x[:5], y[:5], cfg.meta)
            loss = query_loss(model, fast, x[5:], y[5:]) / cfg.meta.tasks_per_batch
            loss.backward()
            total += loss.item()
        opt.step()
        print(it, total)


if __name__ == "__main__":
    main()
