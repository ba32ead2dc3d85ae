"""Fast FGSM adversarial training (Wong et al. 2020) for a rooftop solar panel hot-spot detector on thermal tiles."""
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS, ALPHA = 8 / 255, 10 / 255


class HotspotNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(1, 8, 3, padding=1)
        self.gn = nn.GroupNorm(4, 8)
        self.block = nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8 * 4 * 4, 1)

    def forward(self, x):
        x = F.interpolate(x, size=(8, 8), mode="bilinear", align_corners=True)
        h = F.relu6(self.gn(self.stem(x)))
        h = F.avg_pool2d(F.relu6(self.block(h)), 2)
        return torch.sigmoid(self.fc(h.flatten(1))).squeeze(1)


def fgsm_example(model, x, y):
    delta = torch.empty_like(x).uniform_(-EPS, EPS).requires_grad_(True)
    loss = F.binary_cross_entropy(model(x + delta), y)
    (g,) = torch.autograd.grad(loss, delta)
    delta = (delta + ALPHA * g.sign()).clamp(-EPS, EPS).detach()
    return (x + delta).clamp(0, 1)


def main(epochs=3):
    torch.manual_seed(0)
    model = HotspotNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    tiles = torch.rand(32, 1, 12, 12)
    labels = (tiles.amax((1, 2, 3)) > 0.98).float()
    for ep in range(epochs):
        x_adv = fgsm_example(model, tiles, labels)
        loss = F.binary_cross_entropy(model(x_adv), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())


if __name__ == "__main__":
    main()
