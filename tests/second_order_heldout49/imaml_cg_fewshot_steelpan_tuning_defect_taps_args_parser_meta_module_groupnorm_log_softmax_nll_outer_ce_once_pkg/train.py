"""Entry point: args.get_parser() -> TapClassifier -> IMAMLModule -> Trainer."""
import torch

from args import get_parser
from meta import IMAMLModule
from nets import TapClassifier


class TapTaskSampler:
    """Synthetic log-mel taps: each defect class has its own partial-frequency profile and decay."""

    def __init__(self, args, n_classes=5, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.args, self.gen = args, g
        self.profiles = torch.rand(n_classes, args.n_mels, 1, generator=g)
        self.decay = 0.05 + 0.2 * torch.rand(n_classes, 1, 1, generator=g)

    def _taps(self, classes, k):
        t = torch.arange(self.args.frames).float()
        x = self.profiles[classes] * torch.exp(-self.decay[classes] * t)
        x = x.repeat_interleave(k, 0)
        return x + 0.05 * torch.randn(x.shape, generator=self.gen)

    def task(self):
        classes = torch.randperm(self.profiles.shape[0], generator=self.gen)[: self.args.n_way]
        labels = torch.arange(self.args.n_way)
        xs, ys = self._taps(classes, self.args.k_shot), labels.repeat_interleave(self.args.k_shot)
        xq, yq = self._taps(classes, self.args.k_query), labels.repeat_interleave(self.args.k_query)
        return xs, ys, xq, yq


class Trainer:
    def __init__(self, max_steps):
        self.max_steps = max_steps

    def fit(self, module, sampler, meta_batch):
        opt = module.configure_optimizers()
        for step in range(self.max_steps):
            batch = [sampler.task() for _ in range(meta_batch)]
            meta_grads, logs = module.training_step(batch, step)
            opt.zero_grad(set_to_none=True)
            for p, g in zip(module.net.parameters(), meta_grads):
                p.grad = g
            opt.step()
            print(f"meta-step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))


def main():
    args = get_parser().parse_args()
    torch.manual_seed(args.seed)
    net = TapClassifier(args.n_mels, args.width, args.n_way, pool=args.pool)
    Trainer(args.meta_steps).fit(IMAMLModule(net, args), TapTaskSampler(args, seed=args.seed), args.meta_batch)


if __name__ == "__main__":
    main()
