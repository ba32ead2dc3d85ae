"""Fingerspelling letter classifier from a data glove (10 flex sensors + 6 IMU channels).

Drucker & LeCun style double backpropagation: the task loss is augmented by the squared
norm of its gradient w.r.t. the (standardised) sensor window, which makes the classifier
less sensitive to glove drift. Blocks are registered at run time with add_module/setattr.
"""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class Lambda(nn.Module):
    """Wrap an arbitrary callable so it can live inside a module tree."""

    def __init__(self, fn, name="lambda"):
        super().__init__()
        self.fn = fn
        self.name = name

    def forward(self, x):
        return self.fn(x)

    def extra_repr(self):
        return self.name


class GloveNet(nn.Module):
    def __init__(self, in_ch=16, widths=(24, 32), n_letters=26, shrink=0.05):
        super().__init__()
        self.n_blocks = len(widths)
        cin = in_ch
        for i, cout in enumerate(widths):
            self.add_module("conv%d" % i, nn.Conv1d(cin, cout, kernel_size=3, padding=1))
            setattr(self, "act%d" % i, Lambda(lambda t: F.hardshrink(t, shrink), "hardshrink"))
            cin = cout
        self.add_module("head", nn.Linear(cin, n_letters))
        self.add_module("logp", Lambda(lambda t: torch.log_softmax(t, dim=-1), "log_softmax"))
        # auxiliary drift head, kept for checkpoint compatibility; not used in forward
        setattr(self, "drift_head", nn.Sequential(nn.Linear(cin, 8), nn.ReLU6()))

    def forward(self, x):
        h = x
        for i in range(self.n_blocks):
            h = getattr(self, "conv%d" % i)(h)
            h = getattr(self, "act%d" % i)(h)
        h = h.mean(dim=-1)
        return self.logp(self.head(h))


smooth = Lambda(partial(F.avg_pool1d, kernel_size=3, stride=1, padding=1), "smooth")


def glove_windows(n, ch=16, length=20, n_letters=26):
    y = torch.randint(0, n_letters, (n,))
    proto = torch.sin(torch.arange(n_letters).float()[:, None, None] * 0.3
                      + torch.arange(ch).float()[None, :, None] * 0.7
                      + torch.linspace(0, 3, length)[None, None, :])
    x = proto[y] + 0.3 * torch.randn(n, ch, length)
    return x, y


def standardise(x):
    with torch.no_grad():
        x = smooth(x)
        return (x - x.mean(dim=(0, 2), keepdim=True)) / (x.std(dim=(0, 2), keepdim=True) + 1e-6)


def double_backprop_step(model, opt, x, y, lam):
    x = x.clone().requires_grad_(True)
    logp = model(x)
    loss = F.nll_loss(logp, y)
    gx, = torch.autograd.grad(loss, x, create_graph=True)
    reg = gx.pow(2).sum(dim=(1, 2)).mean()
    total = loss + lam * reg
    opt.zero_grad()
    total.backward()
    opt.step()
    return loss.item(), reg.item()


@torch.no_grad()
def evaluate(model, x, y):
    logp = model(standardise(x))
    return (logp.argmax(-1) == y).float().mean().item(), F.nll_loss(logp, y).item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--batch", type=int, default=12)
    ap.add_argument("--lam", type=float, default=0.5)
    args = ap.parse_args()
    torch.manual_seed(1)
    model = GloveNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    xv, yv = glove_windows(32)
    for ep in range(args.epochs):
        for _ in range(args.steps):
            x, y = glove_windows(args.batch)
            loss, reg = double_backprop_step(model, opt, standardise(x), y, args.lam)
        acc, vloss = evaluate(model, xv, yv)
        print("epoch %d loss %.4f reg %.5f | val acc %.3f nll %.3f" % (ep, loss, reg, acc, vloss))


if __name__ == "__main__":
    main()
