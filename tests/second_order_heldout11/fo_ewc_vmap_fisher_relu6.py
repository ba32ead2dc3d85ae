"""Elastic Weight Consolidation with an empirical Fisher diagonal computed from per-sample gradients
(torch.func.vmap over grad), i.e. mean of squared first-order gradients. Nothing is differentiated twice."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


class SmallCNN(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.ReLU6(),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU6(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.fc = nn.Linear(32, n_classes)

    def forward(self, x):
        return self.fc(self.body(x))


def fisher_diagonal(model, loader):
    params = {k: v.detach() for k, v in model.named_parameters()}

    def sample_loss(p, x, y):
        return F.cross_entropy(functional_call(model, p, (x[None],)), y[None])

    per_sample = vmap(grad(sample_loss), in_dims=(None, 0, 0))
    fisher = {k: torch.zeros_like(v) for k, v in params.items()}
    n = 0
    for x, y in loader:
        g = per_sample(params, x, y)
        for k in fisher:
            fisher[k] += g[k].pow(2).sum(0)
        n += x.size(0)
    return {k: v / n for k, v in fisher.items()}


def ewc_penalty(model, fisher, anchor):
    return sum((fisher[k] * (p - anchor[k]).pow(2)).sum() for k, p in model.named_parameters())


def main():
    model = SmallCNN()
    task_a = [(torch.randn(8, 1, 12, 12), torch.randint(0, 10, (8,))) for _ in range(2)]
    task_b = [(torch.randn(8, 1, 12, 12), torch.randint(0, 10, (8,))) for _ in range(2)]
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for x, y in task_a:
        opt.zero_grad(); F.cross_entropy(model(x), y).backward(); opt.step()
    fisher = fisher_diagonal(model, task_a)
    anchor = {k: v.detach().clone() for k, v in model.named_parameters()}
    for x, y in task_b:
        loss = F.cross_entropy(model(x), y) + 100.0 * ewc_penalty(model, fisher, anchor)
        opt.zero_grad(); loss.backward(); opt.step()
        print(loss.item())


if __name__ == "__main__":
    main()
