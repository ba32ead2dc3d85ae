"""Camera-trap species classifier: after pre-training, the cosine-classifier head is refitted on a new
site's labelled images with a few Newton-CG steps. Hessian-vector products of the head loss come from
torch.autograd.functional.hvp; the backbone features are computed once under no_grad.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hvp


class Backbone(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, padding=1)
        self.act = nn.PReLU(width)
        self.pool = nn.AvgPool2d(2)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, padding=1)

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        return torch.relu(self.conv2(h)).mean(dim=(2, 3))


class TrapModel(nn.Module):
    def __init__(self, n_species=6, width=8):
        super().__init__()
        self.backbone = Backbone(width)
        self.head_w = nn.Parameter(0.1 * torch.randn(n_species, 2 * width))
        self.scale = 10.0


def head_loss(w_flat, feats, labels, shape, scale):
    w = w_flat.view(shape)
    logits = scale * F.normalize(feats, dim=1) @ F.normalize(w, dim=1).t()
    return F.cross_entropy(logits, labels)


def conjugate_gradient(Av, b, iters=5):
    x = torch.zeros_like(b)
    r, p = b.clone(), b.clone()
    rs = r @ r
    for _ in range(iters):
        Ap = Av(p)
        alpha = rs / (p @ Ap + 1e-10)
        x, r = x + alpha * p, r - alpha * Ap
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def newton_refit(model, images, labels, steps=2, damping=1e-2):
    net = model.module if hasattr(model, "module") else model
    with torch.no_grad():
        feats = net.backbone(images)
    shape = net.head_w.shape
    w = net.head_w.detach().flatten()
    for step in range(steps):
        f = lambda v: head_loss(v, feats, labels, shape, net.scale)
        wv = w.clone().requires_grad_(True)
        loss = f(wv)
        (g,) = torch.autograd.grad(loss, wv)
        Av = lambda v: hvp(f, w, v)[1] + damping * v
        w = w - conjugate_gradient(Av, g)
        print(f"newton step {step}: loss={loss.item():.4f}")
    with torch.no_grad():
        net.head_w.copy_(w.view(shape))


def site_images(n, n_species=6):
    y = torch.randint(0, n_species, (n,))
    x = 0.3 * torch.rand(n, 3, 10, 10)
    x[torch.arange(n), y % 3] += 0.1 * (1 + y[:, None, None]).float()
    return x, y


if __name__ == "__main__":
    torch.manual_seed(22)
    model = TrapModel()
    images, labels = site_images(24)
    newton_refit(model, images, labels)
