# Tide-pool quadrat photos -> species cover classes (anemone / mussel / barnacle / algae / bare rock).
# Trained with soft (observer-averaged) labels and KL divergence; SmoothGrad saliency maps are produced
# after every epoch for the ecologists. The saliency helper supports create_graph (for a possible
# saliency-regularised variant), but this experiment keeps it off.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class ExpConfig:
    n_classes: int = 5
    epochs: int = 2
    batch: int = 8
    smoothgrad_samples: int = 4
    smoothgrad_sigma: float = 0.1
    create_graph: bool = False


class QuadratNet(nn.Module):
    def __init__(self, n_classes, ch=8):
        super().__init__()
        self.stem = nn.Conv2d(4, ch, 3, padding=1)  # RGB + near-infrared
        self.denoise = nn.Hardshrink(0.02)
        self.body = nn.Conv2d(ch, ch, 3, stride=2, padding=1)
        self.fc = nn.Linear(ch, n_classes)

    def forward(self, x):
        rgb_feat = self.stem(x)
        h = self.body(F.relu(self.denoise(rgb_feat)))
        return self.fc(h.mean(dim=(2, 3)))


def quadrat_batch(cfg):
    x = torch.rand(cfg.batch, 4, 16, 16)
    votes = torch.randint(0, cfg.n_classes, (cfg.batch, 3))
    soft = F.one_hot(votes, cfg.n_classes).float().mean(1)
    return x, soft


def smoothgrad(model, x, cfg):
    maps = torch.zeros_like(x)
    for _ in range(cfg.smoothgrad_samples):
        xn = (x + cfg.smoothgrad_sigma * torch.randn_like(x)).requires_grad_(True)
        top = model(xn).max(dim=1).values.sum()
        (g,) = torch.autograd.grad(top, xn, create_graph=cfg.create_graph)
        maps += g.abs()
    # keep the visible bands only for the report
    return (maps / cfg.smoothgrad_samples).narrow(1, 0, 3)


def run(cfg):
    torch.manual_seed(19)
    model = QuadratNet(cfg.n_classes)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(cfg.epochs):
        x, soft = quadrat_batch(cfg)
        log_p = F.log_softmax(model(x), dim=1)
        loss = F.kl_div(log_p, soft, reduction="batchmean")
        opt.zero_grad()
        loss.backward()
        opt.step()
        sal = smoothgrad(model, x[:2], cfg)
        print(f"epoch {epoch}: kl {loss.item():.4f} saliency mean {sal.mean().item():.5f}")


if __name__ == "__main__":
    run(ExpConfig())
