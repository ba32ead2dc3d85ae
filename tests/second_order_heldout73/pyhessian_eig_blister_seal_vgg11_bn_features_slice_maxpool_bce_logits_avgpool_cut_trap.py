"""Loss-landscape sharpness of a blister-pack seal inspector (PyHessian-style power iteration).

Backbone: the first two conv stages of torchvision VGG11-BN (features[:7]); the rest of VGG
(later stages, adaptive pool, classifier) is not used. Binary head: seal OK / defective.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision

log = logging.getLogger("blister_hessian")


class SealInspector(nn.Module):
    def __init__(self, stem_layers=7):
        super().__init__()
        vgg = torchvision.models.vgg11_bn(num_classes=2)
        self.backbone = vgg.features[:stem_layers]
        self.head = nn.Sequential(
            nn.Conv2d(128, 16, 1),
            nn.LeakyReLU(0.1),
            nn.Flatten(),
            nn.Linear(16 * 8 * 8, 1),
        )

    def forward(self, x):
        return self.head(self.backbone(x)).squeeze(1)


def seal_batch(n, res=16):
    imgs = torch.rand(n, 3, res, res) * 0.2 + 0.4
    labels = torch.randint(0, 2, (n,)).float()
    # defective seals get a bright wrinkle line
    rows = torch.randint(4, res - 4, (n,))
    for i in range(n):
        if labels[i] > 0:
            imgs[i, :, rows[i], :] = 1.0
    imgs = F.avg_pool2d(F.pad(imgs, (1, 1, 1, 1), mode="replicate"), 3, stride=1)
    return imgs, labels


def hessian_vector_product(loss, params, vec):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    dot = sum((g * v).sum() for g, v in zip(grads, vec))
    return torch.autograd.grad(dot, params)


def top_eigenvalue(model, x, y, iters=3):
    params = [p for p in model.parameters() if p.requires_grad]
    vec = [torch.randn_like(p) for p in params]
    norm = torch.sqrt(sum((v * v).sum() for v in vec))
    vec = [v / norm for v in vec]
    eig = 0.0
    for _ in range(iters):
        loss = F.binary_cross_entropy_with_logits(model(x), y)
        hv = hessian_vector_product(loss, params, vec)
        eig = sum((h * v).sum() for h, v in zip(hv, vec)).item()
        norm = torch.sqrt(sum((h * h).sum() for h in hv)) + 1e-12
        vec = [h / norm for h in hv]
    return eig, hv


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--power-iters", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)

    model = SealInspector()
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(args.epochs):
        x, y = seal_batch(2)
        loss = F.binary_cross_entropy_with_logits(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        eig, hv = top_eigenvalue(model, x, y, args.power_iters)
        assert hv[0].abs().sum() > 0
        log.info("epoch %d loss %.4f top-eig %.4f", epoch, loss.item(), eig)


if __name__ == "__main__":
    main()
