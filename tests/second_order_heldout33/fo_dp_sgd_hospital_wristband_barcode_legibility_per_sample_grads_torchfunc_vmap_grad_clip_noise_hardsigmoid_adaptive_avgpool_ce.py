"""DP-SGD for a wristband-barcode legibility classifier: per-sample gradients with torch.func.vmap(grad(...)),
clipped and noised (first-order gradients only)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


class BarcodeNet(nn.Module):
    def __init__(self, n_classes=3):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1, stride=2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, n_classes)

    def forward(self, x):
        h = F.hardsigmoid(self.conv1(x))
        h = F.hardsigmoid(self.conv2(h))
        return self.fc(self.gap(h).flatten(1))


def per_sample_grads(model, params, buffers, x, y):
    def loss_one(p, xi, yi):
        logits = functional_call(model, (p, buffers), (xi.unsqueeze(0),))
        return F.cross_entropy(logits, yi.unsqueeze(0))

    return vmap(grad(loss_one), in_dims=(None, 0, 0))(params, x, y)


def dp_step(model, x, y, lr=0.05, clip=1.0, noise_mult=1.1):
    params = {k: v.detach() for k, v in model.named_parameters()}
    buffers = {k: v.detach() for k, v in model.named_buffers()}
    g = per_sample_grads(model, params, buffers, x, y)
    norms = torch.sqrt(sum(v.flatten(1).pow(2).sum(1) for v in g.values()))
    scale = torch.clamp(clip / (norms + 1e-6), max=1.0)
    with torch.no_grad():
        for name, p in model.named_parameters():
            clipped = (g[name] * scale.view(-1, *[1] * (g[name].dim() - 1))).sum(0)
            noisy = clipped + noise_mult * clip * torch.randn_like(clipped)
            p.sub_(lr * noisy / x.size(0))
    return norms.mean().item()


def main():
    torch.manual_seed(0)
    model = BarcodeNet()
    for it in range(3):
        x = torch.rand(8, 1, 12, 24)
        y = torch.randint(0, 3, (8,))
        mean_norm = dp_step(model, x, y)
        with torch.no_grad():
            acc = (model(x).argmax(1) == y).float().mean().item()
        print(f"it {it} mean per-sample grad norm {mean_norm:.4f} acc {acc:.2f}")


if __name__ == "__main__":
    main()
