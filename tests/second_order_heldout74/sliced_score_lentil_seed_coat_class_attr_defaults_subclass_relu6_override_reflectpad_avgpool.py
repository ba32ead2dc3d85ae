"""Sliced score matching (Song et al. 2019) on 12x12 grey patches of lentil seed coats (mottled vs plain),
used as the prior of a seed-sorting anomaly detector.

Layer choices are class attributes of ``BaseScoreNet``; variants subclass it and override only what differs.
"""
import argparse
import logging

import torch
import torch.nn as nn

log = logging.getLogger("lentil.ssm")


class BaseScoreNet(nn.Module):
    act_cls = nn.ReLU6
    pad_cls = nn.ReflectionPad2d
    pool_cls = nn.AvgPool2d
    width = 16
    img = 12

    def __init__(self):
        super().__init__()
        w = self.width
        self.pad = self.pad_cls(1)
        self.conv1 = nn.Conv2d(1, w, 3)
        self.act = self.act_cls()
        self.pool = self.pool_cls(2)
        self.conv2 = nn.Conv2d(w, w, 3, padding=1)
        self.head = nn.Linear(w * (self.img // 2) ** 2, self.img * self.img)

    def forward(self, x):
        h = self.act(self.conv1(self.pad(x)))
        h = self.pool(h)
        h = self.act(self.conv2(h))
        return self.head(h.flatten(1)).view_as(x)


class CompactScoreNet(BaseScoreNet):
    act_cls = nn.SiLU
    width = 12


class WideScoreNet(BaseScoreNet):
    width = 32


VARIANTS = {"compact": CompactScoreNet, "wide": WideScoreNet}


def seed_coat_patches(n, img, gen):
    base = 0.3 * torch.ones(n, 1, img, img)
    mottled = torch.rand(n, generator=gen) < 0.5
    spots = (torch.rand(n, 1, img, img, generator=gen) < 0.15).float() * 0.5
    base[mottled] += spots[mottled]
    return base + 0.03 * torch.randn(n, 1, img, img, generator=gen)


def sliced_score_loss(net, x, n_proj=1):
    x = x.detach().requires_grad_(True)
    s = net(x)
    loss = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(x)
        sv = (s * v).flatten(1).sum(1)
        gsv, = torch.autograd.grad(sv.sum(), x, create_graph=True)
        loss = loss + (gsv * v).flatten(1).sum(1) + 0.5 * sv ** 2
    return (loss / n_proj).mean()


@torch.no_grad()
def langevin_preview(net, shape, steps=5, eps=1e-3):
    x = torch.rand(shape)
    for _ in range(steps):
        x = x + 0.5 * eps * net(x) + eps ** 0.5 * torch.randn_like(x)
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="compact", choices=sorted(VARIANTS))
    ap.add_argument("--steps", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    net = VARIANTS[args.variant]()
    log.info("variant %s: act=%s pad=%s pool=%s", args.variant, net.act_cls.__name__, net.pad_cls.__name__,
             net.pool_cls.__name__)
    gen = torch.Generator().manual_seed(2)
    data = seed_coat_patches(128, net.img, gen)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(args.steps):
        x = data[torch.randint(0, 128, (32,), generator=gen)]
        loss = sliced_score_loss(net, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        assert net.conv1.weight.grad is not None
        log.info("step %d ssm loss %.4f", step, loss.item())
    preview = langevin_preview(net, (4, 1, net.img, net.img))
    log.info("preview mean %.3f", preview.mean().item())


if __name__ == "__main__":
    main()
