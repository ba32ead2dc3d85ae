"""Adversarially train a multi-label router for antique-clock repair quote requests with FreeLB."""
import argparse
import logging

import torch

from configuration_clockbert import ClockBertConfig, FreeLBArgs
from freelb import FreeLB
from modeling_clockbert import ClockBertForSequenceClassification

logger = logging.getLogger("clock_freelb")


def make_requests(gen, n, seq_len, cfg):
    labels = (torch.rand(n, cfg.num_labels, generator=gen) < 0.35).float()
    ids = torch.randint(40, cfg.vocab_size, (n, seq_len), generator=gen)
    ids[:, 0] = 1
    for j in range(cfg.num_labels):
        ids[:, 1 + j] = torch.where(labels[:, j] > 0, 10 + j, 2)
    lengths = torch.randint(seq_len // 2, seq_len + 1, (n,), generator=gen)
    mask = (torch.arange(seq_len)[None] < lengths[:, None]).long()
    return ids * mask, mask, labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(6)
    gen = torch.Generator().manual_seed(6)
    cfg, adv_args = ClockBertConfig(), FreeLBArgs()
    model = ClockBertForSequenceClassification(cfg)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    freelb = FreeLB(adv_args)
    for step in range(args.steps):
        ids, mask, labels = make_requests(gen, 12, 20, cfg)
        optimizer.zero_grad()
        adv_loss = freelb.attack(model, ids, mask, labels)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        logger.info("step %d freelb loss %.4f", step, adv_loss)


if __name__ == "__main__":
    main()
