"""Meta-train the chanter-reed classifier across pipers with second-order MAML."""
import argparse

import torch

import config
from meta import MAML, TASK_LOSSES
from nets import ChanterNet


def sample_task(rng):
    """Synthetic stand-in: each reed maker has a spectral envelope, each piper a detuning."""
    shift = torch.randn(1, generator=rng) * 0.3
    protos = torch.randn(config.N_WAY, config.IN_CH, config.SPEC_LEN, generator=rng)

    def draw(k):
        y = torch.arange(config.N_WAY).repeat_interleave(k)
        x = protos[y] + shift + 0.5 * torch.randn(len(y), config.IN_CH, config.SPEC_LEN, generator=rng)
        return x, y

    xs, ys = draw(config.K_SHOT)
    xq, yq = draw(config.K_QUERY)
    return xs, ys, xq, yq


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=config.META_ITERS)
    args = ap.parse_args()
    torch.manual_seed(config.SEED)
    rng = torch.Generator().manual_seed(config.SEED)

    model = ChanterNet.from_config(config)
    learner = MAML(model, TASK_LOSSES[config.TASK_LOSS](), config.INNER_LR, config.INNER_STEPS,
                   config.FIRST_ORDER, config.QUERY_SMOOTHING)
    opt = torch.optim.Adam(model.parameters(), lr=config.META_LR)

    for it in range(args.iters):
        opt.zero_grad()
        total, accs = 0.0, []
        for _ in range(config.META_BATCH):
            loss, acc = learner.outer_loss(sample_task(rng))
            (loss / config.META_BATCH).backward()
            total += loss.item()
            accs.append(acc.item())
        opt.step()
        print(f"iter {it}: query loss {total / config.META_BATCH:.4f} acc {sum(accs) / len(accs):.3f}")
    print("held-out piper acc", learner.evaluate(sample_task(rng)))


if __name__ == "__main__":
    main()
