"""Entry point: args.get_parser() -> StigmaConvNet -> ReptileModule -> Trainer."""
import torch

from args import get_parser
from nets import StigmaConvNet
from reptile import ReptileModule


class StigmaTasks:
    """Synthetic macro crops: grade = crimson depth / style (yellow) fraction / floral-waste speckle."""

    def __init__(self, args, seed):
        self.args, self.gen = args, torch.Generator().manual_seed(seed)

    def _images(self, grade, n):
        a = self.args
        img = 0.05 * torch.randn(n, 3, a.img, a.img, generator=self.gen)
        img[:, 0] += 0.9 - 0.2 * grade
        img[:, 1] += 0.15 * grade * torch.rand(n, 1, 1, generator=self.gen)
        img[:, 2] += 0.1 * (torch.rand(n, a.img, a.img, generator=self.gen) < 0.1 * grade).float()
        return img

    def task(self):
        a = self.args
        grades = torch.randperm(4, generator=self.gen)[: a.n_way]
        xs = torch.cat([self._images(int(g), a.k_shot) for g in grades])
        xq = torch.cat([self._images(int(g), a.k_shot) for g in grades])
        y = torch.arange(a.n_way).repeat_interleave(a.k_shot)
        return xs, y, xq, y.clone()


class Trainer:
    def __init__(self, steps):
        self.steps = steps

    def fit(self, module, tasks, meta_batch):
        opt = module.configure_optimizers()
        for step in range(self.steps):
            pseudo, logs = module.training_step([tasks.task() for _ in range(meta_batch)], step)
            opt.zero_grad(set_to_none=True)
            for p, g in zip(module.net.parameters(), pseudo):
                p.grad = g
            opt.step()
            print(f"meta-step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))


def main():
    args = get_parser().parse_args()
    torch.manual_seed(args.seed)
    module = ReptileModule(StigmaConvNet(args.width, args.n_way), args)
    Trainer(args.meta_steps).fit(module, StigmaTasks(args, args.seed), args.meta_batch)


if __name__ == "__main__":
    main()
