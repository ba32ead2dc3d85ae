# Salt-marsh elevation class from lidar + multispectral patches: a local factory returns (encoder, classifier),
# unpacked; the input-gradient saliency of the encoder's code is computed with retain_graph only and logged.
# Both networks are trained by one cross-entropy loss (first order).
import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(5, 8, 3, padding=1)
        self.pool = nn.AvgPool2d(2)
        self.shrink = nn.Hardshrink(0.02)

    def forward(self, p):
        return self.shrink(self.pool(torch.tanh(self.conv(p)))).flatten(1)


class MarshClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8 * 4 * 4, 32), nn.ELU(), nn.Linear(32, 4))

    def forward(self, h):
        return self.net(h)


def build_pair():
    return PatchEncoder(), MarshClassifier()


if __name__ == "__main__":
    torch.manual_seed(0)
    encoder, classifier = build_pair()
    opt = torch.optim.SGD(list(encoder.parameters()) + list(classifier.parameters()), lr=0.05)
    for step in range(3):
        patches = torch.randn(8, 5, 8, 8).requires_grad_(True)
        zones = torch.randint(0, 4, (8,))
        code = encoder(patches)
        (sal,) = torch.autograd.grad(code.norm(), patches, retain_graph=True)
        print(f"step {step}: saliency {sal.abs().mean().item():.4f}")
        loss = F.cross_entropy(classifier(code), zones)
        opt.zero_grad()
        loss.backward()
        opt.step()
