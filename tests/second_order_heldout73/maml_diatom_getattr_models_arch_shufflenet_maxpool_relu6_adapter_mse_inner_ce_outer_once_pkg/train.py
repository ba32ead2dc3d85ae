import argparse
import logging

import torch

from config import load_config
from meta import inner_loop, query_loss
from models import DiatomLearner

log = logging.getLogger("diatom_maml")


def diatom_task(cfg):
    per = cfg.k_shot + cfg.k_query
    y = torch.arange(cfg.n_way).repeat_interleave(per)
    r = torch.linspace(-1, 1, cfg.res)
    rad = (r.view(1, -1) ** 2 + r.view(-1, 1) ** 2).sqrt()
    rings = torch.stack([torch.cos(rad * (6 + 4 * c.item())) for c in y]).unsqueeze(1)
    x = rings + 0.2 * torch.randn_like(rings)
    perm = torch.randperm(len(y))
    x, y = x[perm], y[perm]
    s = cfg.n_way * cfg.k_shot
    return x[:s], y[:s], x[s:], y[s:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="shufflenet")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)
    cfg = load_config(args.preset)

    model = DiatomLearner(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.meta_lr)
    params, buffers = dict(model.named_parameters()), dict(model.named_buffers())
    for it in range(cfg.meta_iters):
        opt.zero_grad()
        for _ in range(cfg.tasks_per_batch):
            xs, ys, xq, yq = diatom_task(cfg)
            fast = inner_loop(model, params, buffers, xs, ys, cfg)
            loss = query_loss(model, fast, buffers, xq, yq) / cfg.tasks_per_batch
            loss.backward()
        assert model.adapter[0].weight.grad.abs().sum() > 0
        opt.step()
        log.info("meta-iter %d query loss %.4f", it, loss.item())


if __name__ == "__main__":
    main()
