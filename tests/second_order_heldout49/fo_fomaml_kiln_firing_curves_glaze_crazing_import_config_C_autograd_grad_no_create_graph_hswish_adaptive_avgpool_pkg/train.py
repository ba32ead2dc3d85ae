"""Entry point and Trainer for FOMAML over per-kiln firing-curve tasks."""
import torch

import config as C
from fomaml import FOMAMLModule
from learner import FiringCurveNet


class KilnTasks:
    """Each kiln has its own ramp/soak profile; defects shift the cooling ramp (crazing) or O2 dips (pinholes)."""

    def __init__(self, seed):
        self.gen = torch.Generator().manual_seed(seed)
        self.t = torch.linspace(0, 1, C.LENGTH)

    def _curves(self, label, n, ramp):
        t = self.t
        temp = torch.clamp(ramp * t, max=1.0) - torch.relu(t - 0.7) * (2.0 + 1.5 * (label == 1))
        o2 = 0.2 - 0.1 * (label == 2) * torch.exp(-((t - 0.5) / 0.05) ** 2)
        x = torch.stack([temp, 0.95 * temp, o2.expand_as(t)], 0).expand(n, -1, -1).clone()
        return x + 0.02 * torch.randn(x.shape, generator=self.gen)

    def task(self):
        ramp = 1.2 + torch.rand(1, generator=self.gen).item()
        xs = torch.cat([self._curves(c, C.K_SHOT, ramp) for c in range(C.N_WAY)])
        xq = torch.cat([self._curves(c, C.K_QUERY, ramp) for c in range(C.N_WAY)])
        return xs, torch.arange(C.N_WAY).repeat_interleave(C.K_SHOT), xq, torch.arange(C.N_WAY).repeat_interleave(C.K_QUERY)


class Trainer:
    def fit(self, module, tasks):
        opt = module.configure_optimizers()
        for step in range(C.META_STEPS):
            loss, logs = module.training_step([tasks.task() for _ in range(C.META_BATCH)], step)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            print(f"meta-step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))


if __name__ == "__main__":
    torch.manual_seed(C.SEED)
    Trainer().fit(FOMAMLModule(FiringCurveNet(C.CHANNELS, C.WIDTH, C.N_WAY), C), KilnTasks(C.SEED))
