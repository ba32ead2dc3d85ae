"""Jacobian regularisation (Hoffman et al. 2019): Frobenius norm of the input-output Jacobian estimated with random projections."""
import torch
from torch import nn
from torch.nn import functional as F


class SmallConvNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
        )
        self.classifier = nn.Linear(32 * 14 * 14, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def jacobian_frobenius(logits, x, n_proj=1):
    num_classes = logits.shape[1]
    total = 0.0
    for _ in range(n_proj):
        v = torch.randn_like(logits)
        v = v / v.norm(dim=1, keepdim=True)
        (jv,) = torch.autograd.grad(logits, x, grad_outputs=v, create_graph=True)
        total = total + num_classes * jv.pow(2).sum() / (n_proj * x.shape[0])
    return total


def train(loader, lambda_jr=0.01, epochs=3):
    model = SmallConvNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            x.requires_grad_(True)
            logits = model(x)
            loss = F.cross_entropy(logits, y) + lambda_jr * jacobian_frobenius(logits, x)
            opt.zero_grad()
            loss.backward()
            opt.step()
