"""Linear probe on frozen CNN features fitted by damped Newton steps: torch.func.hessian of a
label-smoothed cross-entropy w.r.t. the flattened probe weights."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import hessian


class FrozenEncoder(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.ELU(),
            nn.Conv2d(ch, ch, 3, stride=2, padding=1), nn.ELU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )

    def forward(self, x):
        return self.net(x)


def probe_loss(w_flat, feats, labels, n_cls, smoothing=0.1, l2=1e-3):
    W = w_flat.view(n_cls, feats.size(1))
    logits = feats @ W.t()
    return F.cross_entropy(logits, labels, label_smoothing=smoothing) + 0.5 * l2 * w_flat.pow(2).sum()


def newton_fit(feats, labels, n_cls, steps=10, damping=1e-4):
    w = torch.zeros(n_cls * feats.size(1))
    for _ in range(steps):
        g = torch.func.grad(probe_loss)(w, feats, labels, n_cls)
        H = hessian(probe_loss)(w, feats, labels, n_cls)
        H = H + damping * torch.eye(H.size(0))
        w = w - torch.linalg.solve(H, g)
    return w.view(n_cls, -1)


def main(encoder, loader, n_cls=10):
    encoder.eval()
    feats, labels = [], []
    with torch.no_grad():
        for x, y in loader:
            feats.append(encoder(x))
            labels.append(y)
    return newton_fit(torch.cat(feats), torch.cat(labels), n_cls)


if __name__ == "__main__":
    data = [(torch.randn(8, 3, 16, 16), torch.randint(0, 10, (8,))) for _ in range(4)]
    print(main(FrozenEncoder(), data).shape)
