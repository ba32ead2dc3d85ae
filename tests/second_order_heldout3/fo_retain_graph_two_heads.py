"""Multi-task training with two heads on a shared encoder: two backward passes, the first with retain_graph=True (still first order)."""
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.GELU(approximate="tanh"), nn.MaxPool2d(2),
                                  nn.Conv2d(16, 32, 3, padding=1), nn.PReLU(), nn.AdaptiveAvgPool2d(1))

    def forward(self, x):
        return self.conv(x).flatten(1)


def train(loader, epochs=5, aux_weight=0.3):
    enc = Encoder()
    cls_head = nn.Sequential(nn.Linear(32, 10), nn.LogSoftmax(dim=1))
    depth_head = nn.Linear(32, 1)
    opt = torch.optim.Adam(list(enc.parameters()) + list(cls_head.parameters()) + list(depth_head.parameters()), lr=1e-3)
    nll = nn.NLLLoss()
    for _ in range(epochs):
        for x, y, depth in loader:
            feats = enc(x)
            loss_cls = nll(cls_head(feats), y)
            loss_depth = (depth_head(feats).squeeze(1) - depth).abs().mean()
            opt.zero_grad()
            loss_cls.backward(retain_graph=True)
            grad_norm = torch.sqrt(sum(p.grad.pow(2).sum() for p in enc.parameters() if p.grad is not None))
            (aux_weight * loss_depth).backward()
            torch.nn.utils.clip_grad_norm_(enc.parameters(), max_norm=5.0)
            opt.step()
            print(f"cls grad norm {grad_norm.item():.3f}")
