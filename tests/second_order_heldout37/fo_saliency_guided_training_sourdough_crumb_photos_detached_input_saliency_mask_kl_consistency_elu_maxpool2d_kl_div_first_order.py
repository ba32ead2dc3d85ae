"""Saliency-guided training for a sourdough crumb-structure classifier.

The least salient pixels (|d logit_y / d x|, taken without create_graph and detached) are masked out,
and the prediction on the masked image is pulled towards the prediction on the full image with a
KL term.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CrumbNet(nn.Module):
    def __init__(self, n_cls=3):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ELU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ELU(), nn.MaxPool2d(2),
        )
        self.fc = nn.Linear(16 * 4 * 4, n_cls)

    def forward(self, x):
        return self.fc(self.body(x).flatten(1))


def saliency(model, x, y):
    x = x.clone().requires_grad_(True)
    logits = model(x)
    picked = logits[torch.arange(len(y)), y].sum()
    (g,) = torch.autograd.grad(picked, x)
    return g.abs().detach()


def mask_low_saliency(x, sal, frac=0.3):
    flat = sal.flatten(1)
    k = int(frac * flat.shape[1])
    idx = flat.argsort(dim=1)[:, :k]
    masked = x.flatten(1).clone()
    masked.scatter_(1, idx, 0.0)
    return masked.view_as(x)


def crumb_images(n=10):
    y = torch.randint(0, 3, (n,))
    x = torch.rand(n, 1, 16, 16) * 0.3
    for i, c in enumerate(y.tolist()):
        x[i, 0, ::(c + 2), ::(c + 2)] += 0.7
    return x, y


def main(epochs=3, beta=1.0):
    torch.manual_seed(15)
    model = CrumbNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        x, y = crumb_images()
        sal = saliency(model, x, y)
        x_masked = mask_low_saliency(x, sal)
        logits = model(x)
        ce = F.cross_entropy(logits, y)
        kl = F.kl_div(F.log_softmax(model(x_masked), -1), F.log_softmax(logits, -1), log_target=True,
                      reduction="batchmean")
        opt.zero_grad()
        (ce + beta * kl).backward()
        opt.step()
        print(f"epoch {epoch} ce {ce.item():.3f} kl {kl.item():.4f}")


if __name__ == "__main__":
    main()
