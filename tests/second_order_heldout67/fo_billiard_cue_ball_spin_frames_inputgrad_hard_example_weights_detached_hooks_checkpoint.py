"""Cue-ball spin classification (top, back, left/right english, stun) from short high-speed frame stacks.

Hard-example reweighting: the per-sample weight is the norm of the input gradient of that sample's
loss (samples whose decision hinges on a few pixels get more weight).  The weighting code was lifted
from the team's gradient-penalty utilities and still asks for create_graph, but the weights are
detached before use.  A forward hook keeps the last feature map so a Grad-CAM overlay can be logged
after the update, and the middle block is checkpointed.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

log = logging.getLogger("spin")
SPINS = ["top", "back", "left", "right", "stun"]


class SpinNet(nn.Module):
    def __init__(self, frames=6, ch=16):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(frames, ch, 3, padding=1), nn.Hardswish(), nn.AvgPool2d(2))
        self.mid = nn.Sequential(nn.Conv2d(ch, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.Hardswish())
        self.last = nn.Sequential(nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.ReLU6())
        self.fc = nn.Linear(2 * ch, len(SPINS))

    def forward(self, x):
        h = self.stem(x)
        h = checkpoint(self.mid, h, use_reentrant=False) if self.training else self.mid(h)
        h = self.last(h)
        return F.log_softmax(self.fc(h.mean(dim=(2, 3))), dim=1)


class FeatureTap:
    def __init__(self, module):
        self.feats = None
        self.handle = module.register_forward_hook(self._hook)

    def _hook(self, module, inputs, output):
        output.retain_grad()
        self.feats = output

    def close(self):
        self.handle.remove()


def input_gradient_weights(model, x, y):
    x = x.detach().requires_grad_(True)
    per_sample = F.nll_loss(model(x), y, reduction="none")
    g, = torch.autograd.grad(per_sample.sum(), x, create_graph=True)
    w = g.flatten(1).norm(dim=1)
    return (w / w.mean().clamp(min=1e-8)).detach()


def synth_frames(n, frames=6, size=16, generator=None):
    y = torch.randint(0, len(SPINS), (n,), generator=generator)
    yy, xx = torch.meshgrid(torch.arange(size).float(), torch.arange(size).float(), indexing="ij")
    x = torch.zeros(n, frames, size, size)
    for i in range(n):
        drift = {0: (0.6, 0.0), 1: (-0.6, 0.0), 2: (0.0, -0.6), 3: (0.0, 0.6), 4: (0.0, 0.0)}[int(y[i])]
        for f in range(frames):
            cy, cx = 8 + f * drift[0], 8 + f * drift[1]
            ball = ((yy - cy) ** 2 + (xx - cx) ** 2 < 9).float()
            stripe = (torch.sin(0.9 * (xx - cx) + f * 0.7 * (int(y[i]) + 1)) > 0.5).float()
            x[i, f] = ball * (0.6 + 0.4 * stripe)
    return x + 0.05 * torch.randn(x.shape, generator=generator), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=12)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(19)

    model = SpinNet()
    tap = FeatureTap(model.last)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        x, y = synth_frames(args.batch, generator=gen)
        w = input_gradient_weights(model, x, y)
        logp = model(x)
        loss = (w * F.nll_loss(logp, y, reduction="none")).mean()
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        cam = (tap.feats.grad.mean(dim=(2, 3), keepdim=True) * tap.feats).sum(1).relu()
        log.info("step %d loss %.4f w[min,max]=[%.2f, %.2f] cam peak %.3e", step, loss.item(),
                 w.min().item(), w.max().item(), cam.max().item())
    tap.close()


if __name__ == "__main__":
    main()
