"""Semi-supervised training loop: few graded routes, many ungraded ones from the gym app."""
import copy

import torch

from config import MPLConfig
from models import build_pair
from mpl import MetaPseudoLabels


def route_batches(cfg, g):
    x_l = torch.randn(cfg.labelled_batch, cfg.n_features, generator=g)
    y_l = torch.randint(0, cfg.n_grades, (cfg.labelled_batch,), generator=g)
    x_u = torch.randn(cfg.unlabelled_batch, cfg.n_features, generator=g)
    x_u_strong = x_u + 0.3 * torch.randn(x_u.shape, generator=g) * (torch.rand(x_u.shape, generator=g) > 0.5)
    return x_l, y_l, x_u, x_u_strong


class EMACallback:
    def __init__(self, model, decay):
        self.ema = copy.deepcopy(model).eval()
        self.decay = decay

    @torch.no_grad()
    def __call__(self, step, model, logs):
        for pe, p in zip(self.ema.parameters(), model.parameters()):
            pe.mul_(self.decay).add_(p, alpha=1 - self.decay)


class LogCallback:
    def __call__(self, step, model, logs):
        print(f"step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))


def main():
    torch.manual_seed(0)
    cfg = MPLConfig()
    teacher, student = build_pair(cfg)
    algo = MetaPseudoLabels(teacher, student, cfg)
    callbacks = [EMACallback(student, cfg.ema_decay), LogCallback()]
    g = torch.Generator().manual_seed(1)
    for step in range(cfg.steps):
        logs = algo.step(*route_batches(cfg, g))
        for cb in callbacks:
            cb(step, student, logs)
    best = {k: v.clone() for k, v in callbacks[0].ema.state_dict().items()}
    student.load_state_dict(best)
    print("loaded EMA student with", len(best), "tensors")


if __name__ == "__main__":
    main()
