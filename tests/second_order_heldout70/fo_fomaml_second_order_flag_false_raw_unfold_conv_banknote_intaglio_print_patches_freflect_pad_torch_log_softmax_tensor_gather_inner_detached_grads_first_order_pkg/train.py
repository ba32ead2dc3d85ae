"""First-order MAML across banknote series (each task = one new series' print patches)."""
import logging

import torch

from config import MetaConfig
from meta import meta_step
from nets import init_weights

log = logging.getLogger("intaglio.fomaml")


def series_task(cfg, gen):
    freq = 1 + 3 * torch.rand(cfg.n_way, generator=gen)
    grid = torch.linspace(0, 6.28, cfg.img)
    def draw(n):
        y = torch.arange(cfg.n_way).repeat_interleave(n)
        lines = torch.sin(freq[y].view(-1, 1, 1) * grid.view(1, 1, -1)).expand(-1, cfg.img, -1)
        x = lines.unsqueeze(1) + 0.2 * torch.randn(len(y), 1, cfg.img, cfg.img, generator=gen)
        return x, y
    return draw(cfg.k_shot), draw(cfg.q_query)


def main():
    cfg = MetaConfig()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    gen = torch.Generator().manual_seed(cfg.seed)
    weights = init_weights(cfg, gen)
    opt = torch.optim.Adam(weights, lr=cfg.meta_lr)
    for it in range(cfg.iters):
        tasks = [series_task(cfg, gen) for _ in range(cfg.meta_batch)]
        loss = meta_step(weights, tasks, cfg, opt)
        assert weights[0].grad is not None
        log.info("iter %d query nll %.4f (second_order=%s)", it, loss, cfg.second_order)


if __name__ == "__main__":
    main()
