"""Meta-train an intent classifier for dental-lab work orders (crown, bridge, denture, aligner, repair ...)."""
import argparse
import logging

import torch

from configuration_dentlab import DentLabConfig, MetaConfig
from maml import MAML
from modeling_dentlab import DentLabForSequenceClassification

logger = logging.getLogger("train_maml")
NUM_INTENTS = 12


def sample_task(gen, cfg, meta_cfg, seq_len=14):
    classes = torch.randperm(NUM_INTENTS, generator=gen)[: meta_cfg.n_way]

    def draw(n_per):
        y = torch.arange(meta_cfg.n_way).repeat_interleave(n_per)
        ids = torch.randint(80, cfg.vocab_size, (len(y), seq_len), generator=gen)
        ids[:, 0] = 1
        ids[:, 1:4] = 5 + classes[y][:, None] * 6 + torch.randint(0, 6, (len(y), 3), generator=gen)
        return ids, torch.ones_like(ids), y

    return draw(meta_cfg.k_shot), draw(meta_cfg.n_query)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--meta_iterations", type=int, default=None)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(4)
    gen = torch.Generator().manual_seed(4)
    cfg, meta_cfg = DentLabConfig(), MetaConfig()
    if args.meta_iterations is not None:
        meta_cfg.meta_iterations = args.meta_iterations
    model = DentLabForSequenceClassification(cfg)
    learner = MAML(model, meta_cfg)
    for it in range(meta_cfg.meta_iterations):
        tasks = [sample_task(gen, cfg, meta_cfg) for _ in range(meta_cfg.meta_batch_size)]
        loss, acc = learner.outer_step(tasks)
        w = model.classifier.weight.grad
        assert w is not None and w.abs().sum() > 0
        logger.info("meta-iter %d query loss %.4f acc %.3f", it, loss, acc)


if __name__ == "__main__":
    main()
