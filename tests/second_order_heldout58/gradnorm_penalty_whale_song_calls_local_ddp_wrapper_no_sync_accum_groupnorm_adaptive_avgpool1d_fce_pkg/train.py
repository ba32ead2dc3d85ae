import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F

import config
from losses import calibration_nll, gradnorm_penalized
from models import CallTypeNet


class LocalDDP(nn.Module):
    """Single-process stand-in for DistributedDataParallel: exposes .module and no_sync(),
    and 'all-reduces' (averages over a world of size 1) the gradients when sync is on."""

    def __init__(self, module, world_size=1):
        super().__init__()
        self.module = module
        self.world_size = world_size
        self.require_sync = True

    @contextlib.contextmanager
    def no_sync(self):
        old, self.require_sync = self.require_sync, False
        try:
            yield
        finally:
            self.require_sync = old

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def allreduce_grads(self):
        if not self.require_sync:
            return
        for p in self.module.parameters():
            if p.grad is not None:
                p.grad.div_(self.world_size)


def make_batch(n):
    y = torch.randint(0, len(config.CALL_TYPES), (n,))
    t = torch.linspace(0, 1, config.FRAMES)
    mel = torch.arange(config.N_MELS).float()[:, None]
    centre = 4 + 3 * y.float()[:, None, None] + 6 * t * (1 - 2 * (y[:, None, None] % 2))
    x = torch.exp(-(mel - centre) ** 2 / 4.0) + 0.1 * torch.randn(n, config.N_MELS, config.FRAMES)
    return x, y


@torch.no_grad()
def time_stretch(x, lo, hi):
    rate = float(torch.empty(1).uniform_(lo, hi))
    t_new = max(8, int(x.size(-1) * rate))
    y = F.interpolate(x, size=t_new, mode="linear", align_corners=False)
    return F.interpolate(y, size=x.size(-1), mode="linear", align_corners=False)


def main():
    torch.manual_seed(11)
    tc = config.TRAIN
    net = LocalDDP(CallTypeNet(config.N_MELS, len(config.CALL_TYPES), **config.MODEL))
    opt = torch.optim.AdamW(net.parameters(), lr=tc["lr"])
    for step in range(tc["steps"]):
        opt.zero_grad(set_to_none=True)
        for micro in range(tc["accum_steps"]):
            x, y = make_batch(tc["micro_batch"])
            x = time_stretch(x, *tc["stretch_range"])
            last = micro == tc["accum_steps"] - 1
            ctx = contextlib.nullcontext() if last else net.no_sync()
            with ctx:
                total, loss, pen = gradnorm_penalized(net, x, y, tc["gradnorm_lambda"])
                (total / tc["accum_steps"]).backward()
        net.allreduce_grads()
        torch.nn.utils.clip_grad_norm_(net.parameters(), 5.0)
        opt.step()
        xv, yv = make_batch(8)
        print(f"step {step} loss {loss.item():.4f} gradnorm^2 {pen.item():.4f} "
              f"val_nll {calibration_nll(net.module, xv, yv).item():.4f}")


if __name__ == "__main__":
    main()
