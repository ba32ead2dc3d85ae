"""Gradient-based clean-label data poisoning (MetaPoison-style) against a domino pip-count classifier.

Small perturbations on a few training photos are optimised so that after K unrolled SGD steps of a
surrogate network (trained on the poisoned batch), a chosen target photo is classified as the adversarial
pip count. The unrolled steps are differentiated with create_graph=True and the adversarial loss is
back-propagated to the perturbations.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
logger = logging.getLogger("metapoison")

NUM_PIPS = 7  # 0..6 pips on a domino half


def surrogate(width=8):
    return nn.Sequential(
        nn.Conv2d(1, width, 3, padding=1),
        nn.BatchNorm2d(width),
        nn.ReLU6(),
        nn.Conv2d(width, 2 * width, 3, stride=2, padding=1),
        nn.ReLU(),
        nn.Flatten(),
        nn.Linear(2 * width * 25, NUM_PIPS),
    )


def domino_halves(n, gen):
    y = torch.randint(0, NUM_PIPS, (n,), generator=gen)
    x = 0.1 * torch.randn(n, 1, 10, 10, generator=gen)
    for i in range(n):
        for k in range(int(y[i])):
            r, c = 1 + (k // 3) * 3, 1 + (k % 3) * 3
            x[i, 0, r:r + 2, c:c + 2] += 1.0
    return x, y


def jitter(x, pad=1):
    """Random reflect-pad crop used to make the attack robust to the target photo's framing."""
    h, w = x.shape[-2:]
    xp = F.pad(x, (pad, pad, pad, pad), mode="reflect")
    i, j = torch.randint(0, 2 * pad + 1, (2,)).tolist()
    return xp[..., i:i + h, j:j + w]


class PoisonCrafter:
    def __init__(self, net, x_base, args):
        self.net = net
        self.args = args
        self.delta = torch.zeros_like(x_base, requires_grad=True)
        self.opt = torch.optim.Adam([self.delta], lr=args.craft_lr)

    def unrolled_params(self, x_clean, y_clean, x_base, y_base):
        params = {k: v.detach().requires_grad_() for k, v in self.net.named_parameters()}
        buffers = {k: v.clone() for k, v in self.net.named_buffers()}
        x = torch.cat([x_clean, x_base + self.delta])
        y = torch.cat([y_clean, y_base])
        for _ in range(self.args.unroll):
            logits = functional_call(self.net, {**params, **buffers}, (x,))
            inner = F.cross_entropy(logits, y)
            grads = torch.autograd.grad(inner, tuple(params.values()), create_graph=True)
            params = {k: p - self.args.inner_lr * g for (k, p), g in zip(params.items(), grads)}
        return params, buffers

    def craft_step(self, x_clean, y_clean, x_base, y_base, x_target, adv_class):
        params, buffers = self.unrolled_params(x_clean, y_clean, x_base, y_base)
        target_logits = functional_call(self.net, {**params, **buffers}, (jitter(x_target),))
        adv_loss = F.cross_entropy(target_logits, adv_class)
        self.opt.zero_grad()
        adv_loss.backward()
        self.delta.grad.sign_()
        self.opt.step()
        with torch.no_grad():
            self.delta.clamp_(-self.args.eps, self.args.eps)
        return adv_loss.item()


def train_victim(x, y, epochs, seed):
    torch.manual_seed(seed)
    victim = surrogate()
    opt = torch.optim.SGD(victim.parameters(), lr=0.05, momentum=0.9)
    for _ in range(epochs):
        for b in range(0, len(x), 16):
            loss = F.cross_entropy(victim(x[b:b + 16]), y[b:b + 16])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return victim.eval()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n-poison", type=int, default=6)
    ap.add_argument("--unroll", type=int, default=2)
    ap.add_argument("--inner-lr", type=float, default=0.1)
    ap.add_argument("--craft-steps", type=int, default=8)
    ap.add_argument("--craft-lr", type=float, default=0.01)
    ap.add_argument("--eps", type=float, default=16 / 255)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(11)
    torch.manual_seed(11)

    x_train, y_train = domino_halves(48, gen)
    x_target, _ = domino_halves(1, gen)
    adv_class = torch.tensor([3])
    base_idx = (y_train == 3).nonzero().flatten()[: args.n_poison]
    if len(base_idx) == 0:
        base_idx = torch.arange(args.n_poison)
    x_base, y_base = x_train[base_idx], y_train[base_idx]

    net = surrogate()
    pretrain = torch.optim.SGD(net.parameters(), lr=0.05)
    for _ in range(3):
        loss = F.cross_entropy(net(x_train), y_train)
        pretrain.zero_grad()
        loss.backward()
        pretrain.step()

    crafter = PoisonCrafter(net, x_base, args)
    for step in range(args.craft_steps):
        clean = torch.randint(0, 48, (16,), generator=gen)
        adv = crafter.craft_step(x_train[clean], y_train[clean], x_base, y_base, x_target, adv_class)
        logger.info("craft %d adv loss %.4f |delta|max %.4f", step, adv, crafter.delta.abs().max().item())
    assert crafter.delta.abs().sum() > 0

    x_poisoned = x_train.clone()
    x_poisoned[base_idx] += crafter.delta.detach()
    victim = train_victim(x_poisoned, y_train, epochs=2, seed=5)
    with torch.no_grad():
        logger.info("victim predicts %d on target (adv class %d)", victim(x_target).argmax().item(), adv_class.item())


if __name__ == "__main__":
    main()
