"""Entry point: parse args (args.get_parser), build SeedlingNet, run the hand-written Trainer."""
import time

import torch

from args import get_parser
from model import SeedlingNet
from utils import AverageMeter, rescale_augment, seed_everything


def synthetic_tiles(n, hp, gen):
    """RGB tiles: class k has a leaf blob of radius ~ k and a greenness shift."""
    y = torch.randint(0, hp.num_classes, (n,), generator=gen)
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, hp.tile), torch.linspace(-1, 1, hp.tile), indexing="ij")
    r = (yy ** 2 + xx ** 2).sqrt()
    blob = (r[None] < (0.3 + 0.15 * y[:, None, None].float())).float()
    x = 0.1 * torch.randn(n, 3, hp.tile, hp.tile, generator=gen)
    x[:, 1] += blob
    x[:, 0] += 0.2 * blob * (y[:, None, None].float() / hp.num_classes)
    return x, y


class Trainer:
    def __init__(self, hp):
        self.hp = hp

    def fit(self, module, gen):
        (opt,), (sched,) = module.configure_optimizers()
        for epoch in range(self.hp.epochs):
            module.train()
            meters = {}
            t0 = time.time()
            for i in range(self.hp.steps_per_epoch):
                x, y = synthetic_tiles(self.hp.batch_size, self.hp, gen)
                if i % 2 == 1:
                    x = rescale_augment(x)
                loss, logs = module.training_step((x, y), i)
                opt.zero_grad(set_to_none=True)
                loss.backward()
                opt.step()
                for k, v in logs.items():
                    meters.setdefault(k, AverageMeter()).update(v)
            sched.step()
            module.eval()
            val = module.validation_step(synthetic_tiles(32, self.hp, gen), 0)
            train_msg = " ".join(f"{k}={m.avg:.4f}" for k, m in meters.items())
            print(f"epoch {epoch} {train_msg} val_nll={val['val_nll']:.4f} "
                  f"val_acc@{self.hp.bits}bit={val['val_acc']:.3f} ({time.time() - t0:.1f}s)")


def main():
    hp = get_parser().parse_args()
    seed_everything(hp.seed)
    gen = torch.Generator().manual_seed(hp.seed)
    Trainer(hp).fit(SeedlingNet(hp), gen)


if __name__ == "__main__":
    main()
