"""Which tasting-panel feedback notes drive the 'bloom' prediction on a held-out bar? Head-only influence."""
import argparse
import logging

import torch

from configuration_choco import ChocoElectraConfig
from influence import influence_on_test
from modeling_choco import ChocoElectraForSequenceClassification

logger = logging.getLogger("run_influence")


def make_feedback(gen, n, seq_len, vocab_size, num_labels):
    labels = (torch.rand(n, num_labels, generator=gen) < 0.3).float()
    ids = torch.randint(60, vocab_size, (n, seq_len), generator=gen)
    ids[:, 0] = 1
    for j in range(num_labels):
        ids[:, 1 + j] = torch.where(labels[:, j] > 0, 10 + j, 3)
    return ids, torch.ones_like(ids), labels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--head_steps", type=int, default=20)
    parser.add_argument("--depth", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    torch.manual_seed(2)
    gen = torch.Generator().manual_seed(2)
    config = ChocoElectraConfig.from_dict({"hidden_size": 32}, return_dict=True)
    model = ChocoElectraForSequenceClassification(config)

    train_ids, train_mask, train_labels = make_feedback(gen, 48, 16, config.vocab_size, config.num_labels)
    test_ids, test_mask, test_labels = make_feedback(gen, 4, 16, config.vocab_size, config.num_labels)

    model.eval()
    with torch.no_grad():
        train_states = model.electra(train_ids, train_mask)
        test_states = model.electra(test_ids, test_mask)

    optimizer = torch.optim.Adam(model.head_parameters(), lr=1e-2)
    for step in range(args.head_steps):
        loss, _ = model.classify(train_states, train_labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    logger.info("head fit loss %.4f", loss.item())

    scores = influence_on_test(model, train_states, train_labels, test_states, test_labels, depth=args.depth)
    assert torch.isfinite(scores).all() and scores.abs().sum() > 0
    top = torch.topk(scores.abs(), 5).indices.tolist()
    logger.info("most influential training notes: %s", top)
    logger.info("scores: %s", [round(scores[i].item(), 5) for i in top])


if __name__ == "__main__":
    main()
