"""Meta-training entry point."""
import torch

import config
from meta import adapt_and_score
from model import init_bn, init_weights


def sample_task():
    def draw(k):
        y = torch.arange(config.N_WAY).repeat_interleave(k)
        t = torch.linspace(0, 1, config.SERIES_LEN)
        x = torch.sin(2 * torch.pi * (y[:, None] + 1) * t) + 0.3 * torch.randn(len(y), config.SERIES_LEN)
        return x.unsqueeze(1), y
    xs, ys = draw(config.K_SHOT)
    xq, yq = draw(config.K_QUERY)
    return xs, ys, xq, yq


def main():
    torch.manual_seed(0)
    weights = init_weights(config.N_WAY)
    bn = init_bn(config.INNER_STEPS)
    meta_opt = torch.optim.Adam(list(weights.values()) + list(bn.values()), lr=config.META_LR)
    for epoch in range(config.EPOCHS):
        meta_opt.zero_grad()
        total = 0.0
        for _ in range(config.META_BATCH):
            loss, acc = adapt_and_score(weights, bn, sample_task(), epoch)
            (loss / config.META_BATCH).backward()
            total += loss.item()
        meta_opt.step()
        print(epoch, total / config.META_BATCH, acc.item())


if __name__ == "__main__":
    main()
