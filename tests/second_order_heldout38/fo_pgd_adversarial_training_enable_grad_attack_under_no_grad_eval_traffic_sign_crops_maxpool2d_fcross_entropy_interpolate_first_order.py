"""Madry-style PGD adversarial training for small traffic-sign crops.

The attack runs inside torch.enable_grad() so that it also works when called from a no_grad evaluation loop;
it only needs first-order input gradients (no create_graph), and the perturbed batch is detached.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS = 8 / 255
ALPHA = 2 / 255
STEPS = 3


class SignNet(nn.Module):
    def __init__(self, n_cls=6):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 12, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(12, 24, 3, padding=1)
        self.fc = nn.Linear(24 * 4 * 4, n_cls)

    def forward(self, x):
        x = F.interpolate(x, size=(16, 16), mode="bilinear", align_corners=False)
        h = self.pool(F.relu(self.conv1(x)))
        h = self.pool(F.relu(self.conv2(h)))
        return self.fc(h.flatten(1))


def pgd_attack(model, x, y, eps=EPS, alpha=ALPHA, steps=STEPS):
    x_adv = (x + torch.empty_like(x).uniform_(-eps, eps)).clamp(0, 1)
    with torch.enable_grad():
        for _ in range(steps):
            x_adv = x_adv.detach().requires_grad_(True)
            loss = F.cross_entropy(model(x_adv), y)
            (g,) = torch.autograd.grad(loss, x_adv)
            x_adv = x_adv + alpha * g.sign()
            x_adv = torch.min(torch.max(x_adv, x - eps), x + eps).clamp(0, 1)
    return x_adv.detach()


def sign_batch(n=16):
    x = torch.rand(n, 3, 12, 12)
    y = torch.randint(0, 6, (n,))
    x[:, 0] *= (y[:, None, None].float() + 1) / 6
    return x, y


@torch.no_grad()
def robust_accuracy(model, n=32):
    model.eval()
    x, y = sign_batch(n)
    x_adv = pgd_attack(model, x, y)
    acc = (model(x_adv).argmax(1) == y).float().mean().item()
    model.train()
    return acc


def main():
    torch.manual_seed(14)
    model = SignNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(4):
        x, y = sign_batch()
        x_adv = pgd_attack(model, x, y)
        loss = F.cross_entropy(model(x_adv), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} adv loss {loss.item():.4f} robust acc {robust_accuracy(model):.2f}")


if __name__ == "__main__":
    main()
