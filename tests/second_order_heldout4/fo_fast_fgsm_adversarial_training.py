"""'Fast is better than free' (Wong et al., 2020): FGSM adversarial training with a random start.
The perturbation gradient is taken without create_graph and the adversarial example is detached."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class PreActBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.bn1, self.bn2 = nn.BatchNorm2d(cin), nn.BatchNorm2d(cout)
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.short = nn.Conv2d(cin, cout, 1, stride, bias=False) if stride != 1 or cin != cout else nn.Identity()

    def forward(self, x):
        out = F.gelu(self.bn1(x), approximate="tanh")
        out = self.conv1(out)
        out = self.conv2(F.gelu(self.bn2(out), approximate="tanh"))
        return out + self.short(x)


class PreActNet(nn.Module):
    def __init__(self, n_cls=10):
        super().__init__()
        self.stem = nn.Conv2d(3, 32, 3, padding=1, bias=False)
        self.layers = nn.Sequential(PreActBlock(32, 32), PreActBlock(32, 64, 2), PreActBlock(64, 128, 2))
        self.pool = nn.AvgPool2d(8)
        self.fc = nn.Linear(128, n_cls)

    def forward(self, x):
        return self.fc(self.pool(self.layers(self.stem(x))).flatten(1))


def fgsm_example(model, x, y, eps, alpha):
    delta = torch.empty_like(x).uniform_(-eps, eps).requires_grad_(True)
    loss = F.cross_entropy(model(x + delta), y)
    grad = torch.autograd.grad(loss, delta)[0]
    delta = (delta + alpha * grad.sign()).clamp(-eps, eps)
    return (x + delta).clamp(0, 1).detach()


def train(loader, epochs=15, eps=8 / 255, alpha=10 / 255):
    model = PreActNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9, weight_decay=5e-4)
    for _ in range(epochs):
        for x, y in loader:
            x_adv = fgsm_example(model, x, y, eps, alpha)
            loss = F.cross_entropy(model(x_adv), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
