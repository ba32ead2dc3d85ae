"""Small hand-written Trainer (the part of Lightning this project uses) + synthetic logged transitions."""
import time

import torch

import config as C
from module import OfflineValueModule


def logged_transitions(n, cfg, generator):
    """Stand-in for the historian export: sensor windows, behaviour actions, energy-cost rewards."""
    s = torch.randn(n, cfg.N_SENSORS, cfg.HISTORY, generator=generator)
    a = torch.rand(n, cfg.N_ACTIONS, generator=generator)
    s2 = torch.roll(s, shifts=-1, dims=2) + 0.05 * torch.randn(s.shape, generator=generator)
    a2 = torch.rand(n, cfg.N_ACTIONS, generator=generator)
    kwh = a[:, 0] * 2.0 + a[:, 1] * 0.5
    slab_err = (s[:, 2, -1] - 0.3 * a[:, 2]).abs()
    r = -(kwh + 4.0 * slab_err)
    done = (torch.rand(n, generator=generator) < 0.02).float()
    return s, a, r, s2, a2, done


class Trainer:
    def __init__(self, max_steps, log_every=1):
        self.max_steps = max_steps
        self.log_every = log_every
        self.global_step = 0

    def fit(self, module, batches):
        opt = module.configure_optimizers()
        module.train()
        t0 = time.time()
        for batch_idx, batch in enumerate(batches):
            if self.global_step >= self.max_steps:
                break
            out = module.training_step(batch, batch_idx)
            opt.zero_grad(set_to_none=True)
            out["loss"].backward()
            opt.step()
            module.on_after_optimizer_step()
            if self.global_step % self.log_every == 0:
                msg = " ".join(f"{k}={v:.4f}" for k, v in out["log"].items())
                print(f"step {self.global_step:3d} {msg} ({time.time() - t0:.1f}s)")
            self.global_step += 1


def main():
    torch.manual_seed(C.SEED)
    gen = torch.Generator().manual_seed(C.SEED)
    data = logged_transitions(C.BATCH * C.MAX_STEPS, C, gen)
    batches = [tuple(t[i:i + C.BATCH] for t in data) for i in range(0, C.BATCH * C.MAX_STEPS, C.BATCH)]
    module = OfflineValueModule(C)
    Trainer(C.MAX_STEPS, C.LOG_EVERY).fit(module, batches)


if __name__ == "__main__":
    main()
