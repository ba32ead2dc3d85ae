"""Plain supervised training of a small segmentation-ish classifier; first-order only."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.c1 = nn.Conv2d(3, 32, 3, padding=1)
        self.c2 = nn.Conv2d(32, 64, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.act = nn.ELU()
        self.hs = nn.Hardswish()
        self.mlp = nn.Sequential(nn.Linear(64, 128), nn.GELU(approximate="tanh"), nn.Linear(128, n_classes))

    def forward(self, x):
        x = F.interpolate(x, size=(64, 64), mode="bilinear", align_corners=False)
        x = self.pool(self.act(self.c1(x)))
        x = F.avg_pool2d(self.hs(self.c2(x)), 2)
        x = self.gap(x).flatten(1)
        return F.log_softmax(self.mlp(x), dim=1)


def train(model, loader, epochs=5):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            out = model(x)
            loss = F.nll_loss(out, y)
            opt.zero_grad()
            loss.backward()
            opt.step()


@torch.no_grad()
def evaluate(model, loader):
    correct = total = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()
        total += y.numel()
    return correct / total
