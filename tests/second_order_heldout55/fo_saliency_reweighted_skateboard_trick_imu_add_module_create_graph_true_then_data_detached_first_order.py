"""Skateboard trick recognition (ollie, kickflip, heelflip, shove-it, pop-shove) from a
deck-mounted IMU (3-axis gyro + 3-axis accel, 40 samples around take-off).

Hard-example reweighting: windows whose loss is very sensitive to the input (large input-
gradient norm, typically sensor glitches) are down-weighted. The gradient is taken once per
batch; the weights are constants for the update (taken through .data).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

TRICKS = ["ollie", "kickflip", "heelflip", "shove_it", "pop_shove"]


class Lambda(nn.Module):
    def __init__(self, fn):
        super(Lambda, self).__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


class TrickNet(nn.Module):
    def __init__(self, channels=(6, 16, 24), n_cls=len(TRICKS)):
        super(TrickNet, self).__init__()
        self.n = len(channels) - 1
        for i in range(self.n):
            self.add_module("conv%d" % i, nn.Conv1d(channels[i], channels[i + 1], 5, padding=2))
            self.add_module("clip%d" % i, nn.ReLU6())
            self.add_module("pool%d" % i, nn.AvgPool1d(2))
        self.add_module("norm", Lambda(lambda h: F.normalize(h, dim=1)))
        self.add_module("fc", nn.Linear(channels[-1] * 10, n_cls))

    def forward(self, x):
        for i in range(self.n):
            x = self._modules["pool%d" % i](self._modules["clip%d" % i](self._modules["conv%d" % i](x)))
        x = self.norm(x.flatten(1))
        return F.log_softmax(self.fc(x) * 8.0, dim=1)


def imu_windows(n, length=40):
    y = torch.randint(0, len(TRICKS), (n,))
    t = torch.linspace(0, 1, length)
    spin = (y.float() + 1).view(n, 1, 1) * torch.sin(6.28 * t).view(1, 1, length)
    x = torch.cat([spin.expand(n, 3, length) * torch.rand(n, 3, 1),
                   torch.exp(-((t - 0.3) ** 2) / 0.01).expand(n, 3, length)], 1)
    glitch = (torch.rand(n, 1, 1) < 0.1).float() * 5 * torch.randn(n, 6, length)
    return x + 0.1 * torch.randn(n, 6, length) + glitch, y


def saliency_weights(model, x, y, temp):
    x = x.clone().requires_grad_(True)
    per = F.nll_loss(model(x), y, reduction="none")
    g, = torch.autograd.grad(per.sum(), x, create_graph=True)
    s = g.data.flatten(1).norm(dim=1)
    w = torch.softmax(-s / (temp * s.mean() + 1e-8), dim=0) * len(s)
    return w, per


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--temp", type=float, default=1.0)
    args = ap.parse_args()
    torch.manual_seed(12)
    model = TrickNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for step in range(args.steps):
        x, y = imu_windows(args.batch)
        w, per = saliency_weights(model, x, y, args.temp)
        loss = (w * per).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print("step %d  weighted nll %.4f  min w %.3f  max w %.3f" % (step, loss.item(), w.min().item(), w.max().item()))


if __name__ == "__main__":
    main()
