"""Optimal-Brain-Surgeon-style pruning of the classifier head of a loom shuttle fault CNN.

Saliencies w_i^2 / (2 [H^-1]_ii) need a curvature estimate of the head loss; the diagonal of the
Hessian w.r.t. the head weights is estimated with Hutchinson probes through
torch.autograd.functional.hvp on frozen backbone features (the backbone is not part of the Hessian).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

N_CLASSES = 4


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.lrn = nn.LocalResponseNorm(size=3)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)

    def forward(self, x):
        h = self.pool(self.lrn(F.relu(self.conv1(x))))
        return F.relu(self.conv2(h)).mean(dim=(2, 3))


class FaultNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.head = nn.Linear(16, N_CLASSES)

    def forward(self, x):
        return self.head(self.backbone(x))


def head_loss(weight, bias, feats, labels):
    logits = feats @ weight.t() + bias
    return F.nll_loss(F.log_softmax(logits, dim=-1), labels)


def hessian_diag(model, feats, labels, probes=4):
    w, b = model.head.weight.detach(), model.head.bias.detach()
    diag = torch.zeros_like(w)
    for _ in range(probes):
        vw = torch.randint(0, 2, w.shape).float() * 2 - 1
        vb = torch.zeros_like(b)
        _, (hv_w, _) = torch.autograd.functional.hvp(
            lambda ww, bb: head_loss(ww, bb, feats, labels), (w, b), (vw, vb))
        diag += vw * hv_w
    return diag / probes


def main():
    torch.manual_seed(0)
    model = FaultNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(16, 1, 12, 12)
    y = torch.randint(0, N_CLASSES, (16,))
    for _ in range(2):
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()

    with torch.no_grad():
        feats = model.backbone(x)
    h = hessian_diag(model, feats, y).clamp_min(1e-4)
    saliency = model.head.weight.detach() ** 2 * h / 2
    k = saliency.numel() // 4
    thresh = saliency.flatten().kthvalue(k).values
    with torch.no_grad():
        model.head.weight.mul_((saliency > thresh).float())
    print("pruned", int((saliency <= thresh).sum()), "of", saliency.numel())


if __name__ == "__main__":
    main()
