"""Universal adversarial perturbation (projected SGD variant) against a MobileNetV3-style
traffic-sign classifier: one shared delta is pushed up the classifier's loss and projected
to an L-inf ball. Only first-order input gradients are used."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SEBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.fc = nn.Linear(c, c)

    def forward(self, x):
        w = F.hardsigmoid(self.fc(F.adaptive_avg_pool2d(x, 1).flatten(1)))
        return x * w[:, :, None, None]


class SignNet(nn.Module):
    def __init__(self, n_classes=10, c=8):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, c, 3, 2, 1), nn.Hardswish())
        self.block = nn.Sequential(nn.Conv2d(c, c, 3, 1, 1, groups=c), nn.ReLU6(), SEBlock(c))
        self.head = nn.Linear(c, n_classes)

    def forward(self, x):
        h = self.block(self.stem(x))
        return self.head(F.adaptive_avg_pool2d(h, 1).flatten(1))


def universal_perturbation(model, loader, eps=8 / 255, lr=0.01, epochs=2):
    model.eval()
    for p in model.parameters():
        p.requires_grad_(False)
    delta = torch.zeros(1, 3, 16, 16, requires_grad=True)
    for _ in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(model((x + delta).clamp(0, 1)), y)
            (g,) = torch.autograd.grad(loss, delta)
            with torch.no_grad():
                delta += lr * g.sign()
                delta.clamp_(-eps, eps)
    return delta.detach()


@torch.no_grad()
def fooling_rate(model, loader, delta):
    flips = total = 0
    for x, _ in loader:
        flips += (model(x).argmax(1) != model((x + delta).clamp(0, 1)).argmax(1)).sum().item()
        total += x.size(0)
    return flips / total


if __name__ == "__main__":
    net = SignNet()
    data = [(torch.rand(4, 3, 16, 16), torch.randint(0, 10, (4,))) for _ in range(2)]
    d = universal_perturbation(net, data)
    print(fooling_rate(net, data, d))
