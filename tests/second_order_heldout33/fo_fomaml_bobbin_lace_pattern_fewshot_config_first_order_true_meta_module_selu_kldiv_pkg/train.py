"""First-order MAML for few-shot classification of bobbin-lace ground patterns (torchon, rose, Valenciennes)."""
import torch

import config
from meta import inner_adapt, query_loss
from model import lace_classifier


def sample_task(in_dim=20):
    protos = torch.randn(config.N_WAY, in_dim)
    ys = torch.arange(config.N_WAY).repeat_interleave(config.K_SHOT)
    yq = torch.arange(config.N_WAY).repeat_interleave(config.N_QUERY)
    xs = protos[ys] + 0.3 * torch.randn(len(ys), in_dim)
    xq = protos[yq] + 0.3 * torch.randn(len(yq), in_dim)
    return xs, ys, xq, yq


def main():
    torch.manual_seed(0)
    model = lace_classifier()
    opt = torch.optim.Adam(model.parameters(), lr=config.META_LR)
    for it in range(3):
        opt.zero_grad()
        for _ in range(config.META_BATCH):
            xs, ys, xq, yq = sample_task()
            fast = inner_adapt(model, xs, ys)
            (query_loss(model, fast, xq, yq) / config.META_BATCH).backward()
        opt.step()
        print("iter", it, "done")


if __name__ == "__main__":
    main()
