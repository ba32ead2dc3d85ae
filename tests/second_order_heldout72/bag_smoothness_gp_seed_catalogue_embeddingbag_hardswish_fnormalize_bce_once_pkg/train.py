"""Basket completion with a smoothness penalty on the pooled bag vector: the score of the candidates
should change slowly when the basket embedding moves (grad of the scores w.r.t. the pooled bag)."""
import logging

import torch
import torch.nn.functional as F

from config import CONFIG
from data import BasketSampler
from models import Scorer

log = logging.getLogger("basket")


def score_smoothness(scores, pooled):
    (g,) = torch.autograd.grad(scores.sum(), pooled, create_graph=True)
    return g.pow(2).sum(-1).mean()


def main():
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    dc, mc, tc = CONFIG["data"], CONFIG["model"], CONFIG["train"]
    torch.manual_seed(tc["seed"])
    sampler = BasketSampler(seed=tc["seed"], **dc)
    model = Scorer(dc["n_items"], mc["dim"], mc["tower"], mc["bag_mode"])
    opt = torch.optim.Adam(model.parameters(), lr=tc["lr"])
    for step in range(tc["steps"]):
        flat, offsets, cand, labels = sampler.batch(tc["batch"])
        pooled = model.encoder(flat, offsets)
        scores = model.score(pooled, cand)
        bce = F.binary_cross_entropy_with_logits(scores, labels)
        smooth = score_smoothness(scores, pooled)
        loss = bce + tc["smooth_weight"] * smooth
        opt.zero_grad()
        loss.backward()
        assert model.tower.proj.weight.grad is not None and model.temp.grad.abs() > 0
        opt.step()
        log.info("step %d bce %.4f smooth %.4f", step, bce.item(), smooth.item())


if __name__ == "__main__":
    main()
