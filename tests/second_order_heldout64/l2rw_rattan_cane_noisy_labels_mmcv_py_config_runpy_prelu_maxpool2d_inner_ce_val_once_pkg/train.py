"""`cd <pkg> && python train.py [--config configs/...py] [--cfg-options key=value ...]`"""
import argparse
import ast
import logging

import torch
import torch.nn.functional as F

from l2rw import example_weights
from mmconfig import Config
from models import MODELS

log = logging.getLogger("rattan")


def synthetic_canes(n, noise, gen):
    """Cross-sections: grade = node density + pith colour; crowd labels flipped with prob `noise`."""
    grade = torch.randint(0, 3, (n,), generator=gen)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    disc = (xx ** 2 + yy ** 2 < 0.8).float()
    tone = torch.stack([0.6 + 0.1 * grade, 0.5 + 0.05 * grade, 0.3 - 0.05 * grade], 1).float()
    img = disc * tone.view(n, 3, 1, 1) + 0.1 * torch.randn(n, 3, 16, 16, generator=gen)
    flip = torch.rand(n, generator=gen) < noise
    noisy = torch.where(flip, torch.randint(0, 3, (n,), generator=gen), grade)
    return img, noisy, grade


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/l2rw_rattan_prelu_maxpool.py")
    ap.add_argument("--cfg-options", nargs="*", default=[])
    args = ap.parse_args()
    cfg = Config.fromfile(args.config)
    cfg.merge_from_dict({k: ast.literal_eval(v) for k, v in (o.split("=", 1) for o in args.cfg_options)})
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")

    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    model = MODELS.build(cfg.model)
    log.info("backbone: %s | meta=%s", list(model.backbone.body), cfg.meta)
    opt_cfg = dict(cfg.optimizer)
    opt = getattr(torch.optim, opt_cfg.pop("type"))(model.parameters(), **opt_cfg)
    tc = cfg.train_cfg
    for it in range(tc["iterations"]):
        x, y_noisy, _ = synthetic_canes(tc["batch_size"], cfg.label_noise, gen)
        x_val, _, y_val = synthetic_canes(tc["val_batch_size"], 0.0, gen)
        if cfg.meta is not None:
            w, val_loss = example_weights(model, x, y_noisy, x_val, y_val, cfg.meta)
        else:
            w, val_loss = torch.full((x.shape[0],), 1.0 / x.shape[0]), torch.tensor(float("nan"))
        loss = (w * F.cross_entropy(model(x), y_noisy, reduction="none")).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % cfg.log_config["interval"] == 0:
            log.info("it %d weighted loss %.4f val %.4f kept %d/%d", it, loss.item(), val_loss.item(),
                     int((w > 0).sum()), w.numel())


if __name__ == "__main__":
    main()
