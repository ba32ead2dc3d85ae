"""Meta-Weight-Net (Shu et al., 2019) for tatami weave-defect patches with noisy inspector labels.

A small MLP maps each example's loss to a weight. A virtual SGD step with the weighted loss is taken
(create_graph=True), the clean meta set is evaluated at the virtual weights, and the meta-gradient updates
the weighting net. Then the classifier takes a real step with the (frozen) weights.
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

log = logging.getLogger("mwn")


@dataclass
class HParams:
    epochs: int = 2
    batch_size: int = 16
    lr: float = 0.05
    meta_lr: float = 1e-3
    virtual_lr: float = 0.05
    noise_rate: float = 0.4
    num_classes: int = 4


class WeaveNet(nn.Module):
    def __init__(self, num_classes, width=8):
        super().__init__()
        self.pad = nn.ZeroPad2d(1)
        self.conv1 = nn.Conv2d(1, width, 3)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, stride=2, padding=1)
        self.bn2 = nn.BatchNorm2d(2 * width)
        self.act = nn.Hardswish()
        self.fc = nn.Linear(2 * width, num_classes)

    def forward(self, x):
        h = self.act(self.bn1(self.conv1(self.pad(x))))
        h = self.act(self.bn2(self.conv2(h)))
        return self.fc(h.mean(dim=(2, 3)))


class VNet(nn.Module):
    """loss -> weight in (0, 1)."""

    def __init__(self, hidden=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, hidden), nn.SELU(), nn.Linear(hidden, 1))

    def forward(self, loss):
        return torch.sigmoid(self.net(loss))


def weave_patches(n, num_classes, gen, noise_rate=0.0):
    y = torch.randint(0, num_classes, (n,), generator=gen)
    x = 0.3 * torch.randn(n, 1, 10, 10, generator=gen)
    for i in range(n):
        c = int(y[i])
        x[i, 0, :, c::num_classes] += 0.7          # warp spacing differs by defect type
        x[i, 0, c * 2, :] -= 0.5                    # a missing weft row
    noisy = y.clone()
    flip = torch.rand(n, generator=gen) < noise_rate
    noisy[flip] = torch.randint(0, num_classes, (int(flip.sum()),), generator=gen)
    return x, noisy, y


def meta_step(model, vnet, v_opt, x, y, x_meta, y_meta, hp):
    params = dict(model.named_parameters())
    buffers = dict(model.named_buffers())
    logits = functional_call(model, {**params, **buffers}, (x,))
    cost = F.cross_entropy(logits, y, reduction="none")
    v = vnet(cost.detach().unsqueeze(1)).squeeze(1)
    weighted = (v * cost).sum() / (v.sum() + 1e-8)
    grads = torch.autograd.grad(weighted, list(params.values()), create_graph=True)
    fast = {k: w - hp.virtual_lr * g for (k, w), g in zip(params.items(), grads)}
    meta_logits = functional_call(model, {**fast, **buffers}, (x_meta,))
    meta_loss = F.cross_entropy(meta_logits, y_meta)
    v_opt.zero_grad()
    meta_loss.backward()
    v_opt.step()
    return meta_loss.item()


def actual_step(model, vnet, opt, x, y):
    cost = F.cross_entropy(model(x), y, reduction="none")
    with torch.no_grad():
        w = vnet(cost.unsqueeze(1)).squeeze(1)
        w = w / (w.sum() + 1e-8)
    loss = (w * cost).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item(), w


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=HParams.epochs)
    ap.add_argument("--noise-rate", type=float, default=HParams.noise_rate)
    cli = ap.parse_args()
    hp = HParams(epochs=cli.epochs, noise_rate=cli.noise_rate)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    gen = torch.Generator().manual_seed(3)
    torch.manual_seed(3)

    x_tr, y_noisy, y_clean = weave_patches(64, hp.num_classes, gen, hp.noise_rate)
    x_meta, y_meta, _ = weave_patches(16, hp.num_classes, gen)
    model = WeaveNet(hp.num_classes)
    vnet = VNet()
    opt = torch.optim.SGD(model.parameters(), lr=hp.lr, momentum=0.9)
    v_opt = torch.optim.Adam(vnet.parameters(), lr=hp.meta_lr)

    for epoch in range(hp.epochs):
        for b in range(0, 64, hp.batch_size):
            x, y = x_tr[b:b + hp.batch_size], y_noisy[b:b + hp.batch_size]
            meta_loss = meta_step(model, vnet, v_opt, x, y, x_meta, y_meta, hp)
            assert all(p.grad is not None for p in vnet.parameters())
            loss, w = actual_step(model, vnet, opt, x, y)
            clean = (y == y_clean[b:b + hp.batch_size]).float()
            log.info("ep %d b %d loss %.4f meta %.4f w(clean) %.3f w(noisy) %.3f", epoch, b, loss, meta_loss,
                     (w * clean).sum().item(), (w * (1 - clean)).sum().item())


if __name__ == "__main__":
    main()
