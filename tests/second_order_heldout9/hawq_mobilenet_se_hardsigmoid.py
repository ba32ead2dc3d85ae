"""Mixed-precision bit allocation a la HAWQ-v2 for a MobileNetV3-ish multi-label tagger:
per-block top Hessian eigenvalue by power iteration on Hessian-vector products."""
import torch
from torch import nn
import torch.nn.functional as F


class SqueezeExcite(nn.Module):
    def __init__(self, c, r=4):
        super().__init__()
        self.fc1 = nn.Conv2d(c, c // r, 1)
        self.fc2 = nn.Conv2d(c // r, c, 1)

    def forward(self, x):
        s = F.adaptive_avg_pool2d(x, 1)
        s = F.relu6(self.fc2(F.relu(self.fc1(s))) + 3.0) / 6.0  # hard sigmoid
        return x * s


class InvertedResidual(nn.Module):
    def __init__(self, c, expand=3):
        super().__init__()
        h = c * expand
        self.pw = nn.Sequential(nn.Conv2d(c, h, 1, bias=False), nn.ReLU6())
        self.dw = nn.Conv2d(h, h, 3, padding=1, groups=h, bias=False)
        self.se = SqueezeExcite(h)
        self.pwl = nn.Conv2d(h, c, 1, bias=False)

    def forward(self, x):
        return x + self.pwl(self.se(self.dw(self.pw(x))))


class Tagger(nn.Module):
    def __init__(self, n_tags=5, c=8):
        super().__init__()
        self.stem = nn.Conv2d(3, c, 3, 2, 1)
        self.blocks = nn.Sequential(InvertedResidual(c), InvertedResidual(c))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(c, n_tags)

    def forward(self, x):
        return self.fc(self.pool(self.blocks(self.stem(x))).flatten(1))


def top_eigenvalue(loss_fn, params, iters=3):
    loss = loss_fn()
    grads = torch.autograd.grad(loss, params, create_graph=True)
    v = [torch.randn_like(p) for p in params]
    lam = None
    for _ in range(iters):
        norm = torch.sqrt(sum((x * x).sum() for x in v))
        v = [x / norm for x in v]
        hv = torch.autograd.grad(grads, params, grad_outputs=v, retain_graph=True)
        lam = sum((h * x).sum() for h, x in zip(hv, v)).item()
        v = [h.detach() for h in hv]
    return lam


def allocate_bits(model, x, y, budget=(2, 4, 8)):
    crit = nn.MultiLabelSoftMarginLoss()
    scores = {}
    for name, blk in model.blocks.named_children():
        params = [p for p in blk.parameters() if p.requires_grad]
        scores[name] = top_eigenvalue(lambda: crit(model(x), y), params) / sum(p.numel() for p in params)
    order = sorted(scores, key=scores.get, reverse=True)
    return {n: budget[min(i, len(budget) - 1)] for i, n in enumerate(reversed(order))}


if __name__ == "__main__":
    net = Tagger()
    imgs = torch.randn(4, 3, 16, 16)
    tags = (torch.rand(4, 5) > 0.5).float()
    print(allocate_bits(net, imgs, tags))
