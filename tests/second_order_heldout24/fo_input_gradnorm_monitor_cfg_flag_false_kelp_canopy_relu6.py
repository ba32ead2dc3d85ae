"""Kelp-canopy segmentation from multispectral patches. An input-gradient norm is tracked as a robustness
diagnostic. The config can turn it into a trainable double-backprop penalty, but this run keeps it off."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class RunConfig:
    lr: float = 1e-3
    double_backprop: bool = True
    penalty_weight: float = 0.0


class KelpSeg(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(5, 16, 3, padding=1), nn.ReLU6(), nn.Conv2d(16, 16, 3, padding=1),
                                 nn.ReLU6())
        self.head = nn.Conv2d(16, 1, 1)

    def forward(self, x):
        return self.head(self.enc(x))


def input_grad_norm(model, x, y, create_graph):
    x = x.detach().clone().requires_grad_(True)
    loss = F.binary_cross_entropy_with_logits(model(x), y)
    g, = torch.autograd.grad(loss, x, create_graph=create_graph)
    return g.flatten(1).norm(dim=1).mean()


cfg = RunConfig(double_backprop=False)
model = KelpSeg()
opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
for step in range(3):
    x = torch.randn(4, 5, 16, 16)
    y = (torch.rand(4, 1, 16, 16) > 0.7).float()
    loss = F.binary_cross_entropy_with_logits(model(x), y)
    gnorm = input_grad_norm(model, x, y, create_graph=cfg.double_backprop)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step} loss {loss.item():.3f} |dL/dx| {gnorm.item():.4f}")

model.eval()
with torch.no_grad():
    iou_proxy = (torch.sigmoid(model(torch.randn(2, 5, 16, 16))) > 0.5).float().mean()
