"""Train a small classifier of honey crystallisation stages from micrographs, then explain it with SmoothGrad
(average input gradients over noisy copies; plain first-order gradients)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CrystalNet(nn.Module):
    def __init__(self, n_stages=3):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.SELU(),
            nn.Conv2d(8, 16, 3, padding=1, stride=2), nn.SELU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(16, n_stages)

    def forward(self, x):
        return F.log_softmax(self.classifier(self.features(x).flatten(1)), dim=1)


def smoothgrad(model, image, target, n_samples=8, sigma=0.15):
    model.eval()
    total = torch.zeros_like(image)
    for _ in range(n_samples):
        noisy = (image + sigma * torch.randn_like(image)).requires_grad_(True)
        score = model(noisy)[torch.arange(image.size(0)), target].sum()
        grad, = torch.autograd.grad(score, noisy)
        total += grad.abs()
    return total / n_samples


def main():
    torch.manual_seed(0)
    model = CrystalNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(3):
        x = torch.rand(8, 1, 16, 16)
        y = torch.randint(0, 3, (8,))
        loss = F.nll_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} nll {loss.item():.4f}")
    sal = smoothgrad(model, torch.rand(2, 1, 16, 16), torch.tensor([0, 2]))
    print("saliency max", sal.amax(dim=(1, 2, 3)).tolist())


if __name__ == "__main__":
    main()
