"""Integrated Gradients attribution for an image classifier: many input gradients along a path, create_graph=False (explanation only)."""
import torch
from torch import nn


class MobileBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.dw = nn.Conv2d(cin, cin, 3, padding=1, groups=cin)
        self.pw = nn.Conv2d(cin, cout, 1)
        self.act = nn.Hardswish()

    def forward(self, x):
        return self.act(self.pw(self.dw(x)))


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(MobileBlock(3, 16), MobileBlock(16, 32), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        return self.fc(self.body(x).flatten(1))


def integrated_gradients(model, x, target, baseline=None, steps=32):
    baseline = torch.zeros_like(x) if baseline is None else baseline
    alphas = torch.linspace(0, 1, steps).view(-1, 1, 1, 1)
    path = (baseline + alphas * (x - baseline)).requires_grad_(True)
    scores = model(path)[:, target]
    grads = torch.autograd.grad(scores.sum(), path, create_graph=False)[0]
    return (x - baseline) * grads.mean(0, keepdim=True)


def explain(model_path, images, labels):
    model = Classifier()
    model.load_state_dict(torch.load(model_path))
    model.eval()
    maps = [integrated_gradients(model, img[None], int(lbl)) for img, lbl in zip(images, labels)]
    return torch.cat(maps)
