"""Adversarial weight perturbation (Wu, Xia & Wang 2020) on top of PGD adversarial training for a
pre-activation ResNet block stack. The weight perturbation follows the first-order gradient of the adversarial
loss on a proxy copy of the model; PGD uses sign gradients. No derivative is differentiated again."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class PreActBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.bn1, self.conv1 = nn.BatchNorm2d(cin), nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn2, self.conv2 = nn.BatchNorm2d(cout), nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.short = nn.Conv2d(cin, cout, 1, stride, bias=False) if stride != 1 or cin != cout else nn.Identity()

    def forward(self, x):
        o = F.relu(self.bn1(x))
        sc = self.short(o) if not isinstance(self.short, nn.Identity) else x
        o = self.conv1(o)
        o = self.conv2(F.relu(self.bn2(o)))
        return o + sc


class PreActNet(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, 32, 3, 1, 1, bias=False)
        self.layers = nn.Sequential(PreActBlock(32, 32), PreActBlock(32, 64, 2), PreActBlock(64, 128, 2))
        self.bn = nn.BatchNorm2d(128)
        self.fc = nn.Linear(128, n_classes)

    def forward(self, x):
        o = F.relu(self.bn(self.layers(self.stem(x))))
        return self.fc(F.adaptive_avg_pool2d(o, 1).flatten(1))


def pgd(model, x, y, eps=8 / 255, alpha=2 / 255, steps=10):
    delta = torch.empty_like(x).uniform_(-eps, eps).requires_grad_(True)
    for _ in range(steps):
        loss = F.cross_entropy(model(x + delta), y)
        (g,) = torch.autograd.grad(loss, delta)
        delta = (delta + alpha * g.sign()).clamp(-eps, eps).detach().requires_grad_(True)
    return (x + delta).clamp(0, 1).detach()


class AWP:
    def __init__(self, model, gamma=5e-3):
        self.model, self.proxy, self.gamma = model, copy.deepcopy(model), gamma
        self.proxy_opt = torch.optim.SGD(self.proxy.parameters(), lr=0.01)

    def calc(self, x_adv, y):
        self.proxy.load_state_dict(self.model.state_dict())
        self.proxy.train()
        loss = -F.cross_entropy(self.proxy(x_adv), y)
        self.proxy_opt.zero_grad()
        loss.backward()
        self.proxy_opt.step()
        diff = {}
        for (n, w), (_, pw) in zip(self.model.named_parameters(), self.proxy.named_parameters()):
            if w.dim() > 1:
                d = pw.data - w.data
                diff[n] = w.norm() / (d.norm() + 1e-20) * d
        return diff

    def _apply(self, diff, coeff):
        for n, p in self.model.named_parameters():
            if n in diff:
                p.data.add_(coeff * self.gamma * diff[n])

    def perturb(self, diff):
        self._apply(diff, 1.0)

    def restore(self, diff):
        self._apply(diff, -1.0)


def train_epoch(model, loader, opt, awp):
    for x, y in loader:
        model.eval()
        x_adv = pgd(model, x, y)
        model.train()
        diff = awp.calc(x_adv, y)
        awp.perturb(diff)
        loss = F.cross_entropy(model(x_adv), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        awp.restore(diff)


if __name__ == "__main__":
    net = PreActNet()
    train_epoch(net, [(torch.rand(4, 3, 32, 32), torch.randint(0, 10, (4,)))],
                torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9), AWP(net))
    print("ok")
