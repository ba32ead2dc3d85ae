"""ANIL (almost-no-inner-loop) few-shot recognition of fabric weave patterns
(plain / twill / satin / basket / herringbone) from 12x12 thread-crossing maps.

Lightning-style module: hparams, training_step, configure_optimizers. Only the head is
adapted in the inner loop; the run uses the first-order approximation (hparams below).
"""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

WEAVES = ("plain", "twill", "satin", "basket", "herringbone")


class WeaveANIL(nn.Module):
    def __init__(self, hparams):
        super().__init__()
        self.hparams = hparams
        ch = hparams.channels
        self.body = nn.Sequential(
            nn.Conv2d(1, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.PReLU(ch), nn.AvgPool2d(2),
            nn.Conv2d(ch, ch, 3, padding=1), nn.GroupNorm(4, ch), nn.PReLU(ch), nn.AvgPool2d(2),
            nn.Flatten(),
        )
        self.head = nn.Linear(ch * 9, hparams.ways)

    def adapt_head(self, feats, y):
        w, b = self.head.weight, self.head.bias
        for _ in range(self.hparams.inner_steps):
            loss = F.cross_entropy(F.linear(feats, w, b), y)
            gw, gb = torch.autograd.grad(loss, (w, b), create_graph=not self.hparams.first_order)
            w, b = w - self.hparams.inner_lr * gw, b - self.hparams.inner_lr * gb
        return w, b

    def training_step(self, batch, batch_idx):
        losses = []
        for xs, ys, xq, yq in batch:
            w, b = self.adapt_head(self.body(xs), ys)
            losses.append(F.cross_entropy(F.linear(self.body(xq), w, b), yq))
        loss = torch.stack(losses).mean()
        return {"loss": loss}

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.hparams.meta_lr)


def weave_map(kind, size=12):
    r, c = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    if kind == "plain":
        m = (r + c) % 2
    elif kind == "twill":
        m = ((r + c) % 4) < 2
    elif kind == "satin":
        m = ((r * 2 + c) % 5) == 0
    elif kind == "basket":
        m = ((r // 2 + c // 2) % 2)
    else:
        m = ((r + torch.where((c // 4) % 2 == 0, c, -c)) % 4) < 2
    return m.float()


def episode(ways, shots, queries):
    kinds = torch.randperm(len(WEAVES))[:ways].tolist()
    xs, ys, xq, yq = [], [], [], []
    for label, k in enumerate(kinds):
        for i in range(shots + queries):
            img = weave_map(WEAVES[k]).roll(shifts=(i % 3, i % 2), dims=(0, 1)) + 0.2 * torch.randn(12, 12)
            (xs if i < shots else xq).append(img[None])
            (ys if i < shots else yq).append(label)
    return torch.stack(xs), torch.tensor(ys), torch.stack(xq), torch.tensor(yq)


if __name__ == "__main__":
    torch.manual_seed(0)
    hparams = SimpleNamespace(channels=16, ways=3, shots=2, queries=3, inner_steps=3, inner_lr=0.4,
                              meta_lr=1e-3, first_order=True)
    module = WeaveANIL(hparams)
    opt = module.configure_optimizers()
    for batch_idx in range(3):
        batch = [episode(hparams.ways, hparams.shots, hparams.queries) for _ in range(2)]
        out = module.training_step(batch, batch_idx)
        opt.zero_grad()
        out["loss"].backward()
        opt.step()
        print(f"batch {batch_idx} query loss {out['loss'].item():.3f}")
