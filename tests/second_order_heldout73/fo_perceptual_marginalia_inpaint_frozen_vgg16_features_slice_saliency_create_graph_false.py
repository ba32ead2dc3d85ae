"""Inpainting of damaged marginalia in medieval manuscripts with a VGG16 perceptual loss.

The perceptual network is torchvision VGG16 features[:9] (frozen, eval). A saliency map of the
perceptual loss w.r.t. the inpainted image is logged for inspection.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision.models as tvm

log = logging.getLogger("marginalia_inpaint")

IMAGENET_MEAN = torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1)
IMAGENET_STD = torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1)


class PerceptualLoss(nn.Module):
    def __init__(self, depth=9):
        super().__init__()
        self.features = tvm.vgg16().features[:depth].eval()
        for p in self.features.parameters():
            p.requires_grad_(False)

    def forward(self, pred, target):
        pred = (pred - IMAGENET_MEAN) / IMAGENET_STD
        target = (target - IMAGENET_MEAN) / IMAGENET_STD
        with torch.no_grad():
            target_feats = self.features(target)
        return F.l1_loss(self.features(pred), target_feats)


class InpaintNet(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(4, ch, 3, padding=1), nn.ELU(), nn.Conv2d(ch, ch, 3, padding=1), nn.ELU())
        self.dec = nn.Sequential(nn.Conv2d(ch, 3, 3, padding=1), nn.Sigmoid())

    def forward(self, img, mask):
        out = self.dec(self.enc(torch.cat([img * (1 - mask), mask], 1)))
        return img * (1 - mask) + out * mask


def parchment_batch(n, res=32):
    ink = (torch.rand(n, 1, res, res) > 0.85).float()
    img = torch.stack([0.9 - 0.6 * ink[:, 0], 0.85 - 0.6 * ink[:, 0], 0.7 - 0.5 * ink[:, 0]], 1)
    mask = torch.zeros(n, 1, res, res)
    mask[:, :, res // 4: res // 2, res // 4: 3 * res // 4] = 1.0
    return img, mask


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--w-perc", type=float, default=0.1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    torch.set_num_threads(1)

    net, perceptual = InpaintNet(), PerceptualLoss()
    opt = torch.optim.Adam(net.parameters(), lr=2e-4)
    for step in range(args.steps):
        img, mask = parchment_batch(2)
        pred = net(img, mask)
        perc = perceptual(pred, img)
        loss = F.l1_loss(pred, img) + args.w_perc * perc
        saliency, = torch.autograd.grad(perc, pred, retain_graph=True, create_graph=False)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d loss %.4f perc %.4f saliency-max %.5f", step, loss.item(), perc.item(),
                 saliency.abs().amax().item())


if __name__ == "__main__":
    main()
