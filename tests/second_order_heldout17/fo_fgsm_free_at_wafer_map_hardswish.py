"""'Adversarial training for free' (Shafahi et al.) on semiconductor wafer-map defect classes:
the perturbation is updated from the same backward pass as the weights (first order only)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class WaferCNN(nn.Module):
    def __init__(self, n_cls=5):
        super().__init__()
        self.f = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.Hardswish(), nn.AvgPool2d(2),
                               nn.Conv2d(8, 16, 3, padding=1), nn.Hardswish(), nn.AdaptiveAvgPool2d(1))
        self.fc = nn.Linear(16, n_cls)

    def forward(self, x):
        return self.fc(self.f(x).flatten(1))


def train_free(model, opt, loader, eps=8 / 255, m_replays=2):
    delta = torch.zeros(4, 1, 16, 16)
    for x, y in loader:
        for _ in range(m_replays):
            delta.requires_grad_(True)
            logits = model(torch.clamp(x + delta, 0, 1))
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            grad = delta.grad.detach()
            delta = (delta.detach() + eps * grad.sign()).clamp(-eps, eps)
            opt.step()
    return loss.item()


if __name__ == "__main__":
    net = WaferCNN()
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    data = [(torch.rand(4, 1, 16, 16), torch.randint(0, 5, (4,))) for _ in range(2)]
    print(train_free(net, opt, data))
