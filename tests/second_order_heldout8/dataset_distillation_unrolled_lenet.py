"""Dataset distillation (Wang et al. 2018): learn 10 synthetic images (one per class) and a learned step size
such that a LeNet trained on them for a few unrolled SGD steps from random init does well on real data.
The inner steps keep their graph (create_graph=True) so the outer loss reaches the synthetic pixels."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


def lenet():
    return nn.Sequential(OrderedDict([
        ("conv1", nn.Conv2d(1, 6, 5, padding=2)), ("act1", nn.Tanh()), ("pool1", nn.AvgPool2d(2)),
        ("conv2", nn.Conv2d(6, 16, 5)), ("act2", nn.Tanh()), ("pool2", nn.AvgPool2d(2)),
        ("flat", nn.Flatten()),
        ("fc1", nn.Linear(16 * 5 * 5, 120)), ("act3", nn.Tanh()),
        ("fc2", nn.Linear(120, 84)), ("act4", nn.Tanh()),
        ("fc3", nn.Linear(84, 10)),
    ]))


class Distiller:
    def __init__(self, n_classes=10, inner_steps=3):
        self.net = lenet()
        self.syn_x = torch.randn(n_classes, 1, 28, 28, requires_grad=True)
        self.syn_y = torch.arange(n_classes)
        self.log_lr = torch.tensor(-2.0, requires_grad=True)
        self.inner_steps = inner_steps
        self.opt = torch.optim.Adam([self.syn_x, self.log_lr], lr=1e-2)

    def unroll(self):
        for m in self.net.modules():
            if isinstance(m, (nn.Conv2d, nn.Linear)):
                m.reset_parameters()
        weights = {k: v.detach().requires_grad_() for k, v in self.net.named_parameters()}
        for _ in range(self.inner_steps):
            out = functional_call(self.net, weights, (self.syn_x,))
            inner = F.cross_entropy(out, self.syn_y)
            grads = torch.autograd.grad(inner, list(weights.values()), create_graph=True)
            weights = {k: w - self.log_lr.exp() * g for (k, w), g in zip(weights.items(), grads)}
        return weights

    def step(self, real_x, real_y):
        weights = self.unroll()
        outer = F.cross_entropy(functional_call(self.net, weights, (real_x,)), real_y)
        self.opt.zero_grad()
        outer.backward()
        self.opt.step()
        return outer.item()


if __name__ == "__main__":
    d = Distiller(inner_steps=2)
    print(d.step(torch.randn(8, 1, 28, 28), torch.randint(0, 10, (8,))))
