"""AdaHessian on a tiny MobileNetV2-like net (dense 3x3 instead of depthwise) for CIFAR-like inputs.

The Hessian diagonal is estimated with Hutchinson probes: diag(H) ~ z * (H z), z Rademacher.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn(cin, cout, stride=1, k=1, act=True):
    layers = [nn.Conv2d(cin, cout, k, stride, k // 2, bias=False), nn.BatchNorm2d(cout)]
    if act:
        layers.append(nn.ReLU6(inplace=False))
    return nn.Sequential(*layers)


class InvertedResidual(nn.Module):
    def __init__(self, cin, cout, stride, expand):
        super().__init__()
        hid = cin * expand
        self.use_res = stride == 1 and cin == cout
        self.block = nn.Sequential(conv_bn(cin, hid), conv_bn(hid, hid, stride, k=3), conv_bn(hid, cout, act=False))

    def forward(self, x):
        y = self.block(x)
        return x + y if self.use_res else y


class TinyMobileNetV2(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.stem = conv_bn(3, 16, stride=2, k=3)
        self.features = nn.Sequential(InvertedResidual(16, 16, 1, 2), InvertedResidual(16, 24, 2, 2))
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(24, n_classes)

    def forward(self, x):
        x = self.features(self.stem(x))
        return self.classifier(torch.flatten(self.gap(x), 1))


class AdaHessian(torch.optim.Optimizer):
    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power))

    def _params(self):
        return [p for g in self.param_groups for p in g["params"] if p.requires_grad]

    @torch.no_grad()
    def set_hessian(self):
        ps = self._params()
        zs = [torch.randint_like(p, 2) * 2 - 1 for p in ps]
        with torch.enable_grad():
            hzs = torch.autograd.grad([p.grad for p in ps], ps, grad_outputs=zs, retain_graph=False)
        for p, z, hz in zip(ps, zs, hzs):
            p.hess = (hz * z).abs()

    @torch.no_grad()
    def step(self):
        self.set_hessian()
        for group in self.param_groups:
            b1, b2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                st = self.state[p]
                if not st:
                    st["step"] = 0
                    st["m"] = torch.zeros_like(p)
                    st["v"] = torch.zeros_like(p)
                st["step"] += 1
                st["m"].mul_(b1).add_(p.grad, alpha=1 - b1)
                st["v"].mul_(b2).addcmul_(p.hess, p.hess, value=1 - b2)
                bc1, bc2 = 1 - b1 ** st["step"], 1 - b2 ** st["step"]
                denom = (st["v"] / bc2).pow(group["hessian_power"] / 2).add_(group["eps"])
                p.addcdiv_(st["m"], denom, value=-group["lr"] / bc1)


def run(iters=2):
    net = TinyMobileNetV2()
    opt = AdaHessian(net.parameters())
    for i in range(iters):
        x, y = torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,))
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward(create_graph=True)
        opt.step()
        print(i, loss.item(), math.isfinite(loss.item()))


if __name__ == "__main__":
    run()
