"""python train.py [--act ...] [--norm ...] [--loss ...]"""
import argparse
import logging

import torch
import torch.nn.functional as F

from config import ExperimentCfg
from models import SpectraClassifier
from objectives import gradnorm_regularised

log = logging.getLogger("wasabi.gnr")


def parse(cfg):
    parser = argparse.ArgumentParser()
    parser.add_argument("--act", default="silu")
    parser.add_argument("--norm", default="group")
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--loss", default="focal")
    parser.set_defaults(**{k: v for k, v in vars(cfg.model).items() if k in ("act", "norm", "width")})
    parser.set_defaults(loss=cfg.loss)
    return parser.parse_args()


def leaf_spectra(n, bands, gen):
    y = torch.randint(0, 3, (n,), generator=gen)
    wl = torch.linspace(0, 1, bands)
    red_edge = 0.55 + 0.05 * y[:, None].float()
    x = torch.sigmoid((wl - red_edge) * 25) + 0.03 * torch.randn(n, bands, generator=gen)
    return x, y


def main():
    cfg = ExperimentCfg()
    args = parse(cfg)
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    log.info("act=%s norm=%s width=%d loss=%s", args.act, args.norm, args.width, args.loss)
    gen = torch.Generator().manual_seed(cfg.seed)
    x_all, y_all = leaf_spectra(256, cfg.model.bands, gen)
    model = SpectraClassifier(cfg.model.bands, args.width, cfg.model.classes, act=args.act, norm=args.norm)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.optim.lr)
    for step in range(cfg.optim.steps):
        idx = torch.randint(0, 256, (cfg.optim.batch,), generator=gen)
        total, loss, gnorm = gradnorm_regularised(model, x_all[idx], y_all[idx], args.loss, cfg.optim.gradnorm_weight)
        opt.zero_grad()
        total.backward()
        opt.step()
        assert model.body[0].weight.grad is not None
        log.info("step %d loss %.4f |grad| %.4f", step, loss.item(), gnorm.item())
    with torch.no_grad():
        val = F.cross_entropy(model(x_all[:64]), y_all[:64])
    log.info("val ce %.4f", val.item())


if __name__ == "__main__":
    main()
