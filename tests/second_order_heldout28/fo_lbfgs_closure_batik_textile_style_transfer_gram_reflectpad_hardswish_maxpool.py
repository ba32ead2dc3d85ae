# Gatys-style texture transfer for batik print previews: the *image* is optimised with
# L-BFGS through a frozen feature extractor (random-feature CNN so no weights download).
# The optimizer is driven by a closure; only first-order gradients w.r.t. the pixels.
import torch
import torch.nn as nn
import torch.nn.functional as F


class FrozenFeatures(nn.Module):
    def __init__(self):
        super().__init__()
        self.block1 = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(3, 16, 3), nn.Hardswish())
        self.pool = nn.MaxPool2d(2)
        self.block2 = nn.Sequential(nn.ReflectionPad2d(1), nn.Conv2d(16, 32, 3), nn.Hardswish())
        for p in self.parameters():
            p.requires_grad_(False)

    def forward(self, img):
        f1 = self.block1(img)
        f2 = self.block2(self.pool(f1))
        return [f1, f2]


def gram(feat):
    b, c, h, w = feat.shape
    f = feat.view(b, c, h * w)
    return f @ f.transpose(1, 2) / (c * h * w)


def total_variation(img):
    return (img[..., 1:, :] - img[..., :-1, :]).abs().mean() + (img[..., :, 1:] - img[..., :, :-1]).abs().mean()


def batik_motif(size=32):
    yy, xx = torch.meshgrid(torch.linspace(0, 6.28, size), torch.linspace(0, 6.28, size), indexing="ij")
    wax = (torch.sin(3 * xx) * torch.cos(3 * yy) > 0.2).float()
    indigo = torch.tensor([0.1, 0.15, 0.5]).view(3, 1, 1)
    cream = torch.tensor([0.95, 0.9, 0.75]).view(3, 1, 1)
    return (wax * cream + (1 - wax) * indigo).unsqueeze(0)


def product_photo(size=32):
    grad = torch.linspace(0.3, 0.8, size)
    return torch.stack([grad.expand(size, size), grad.flip(0).expand(size, size).t(), 0.5 * torch.ones(size, size)])[None]


def stylise(steps=3, style_weight=1e3, tv_weight=1e-2):
    net = FrozenFeatures().eval()
    content, style = product_photo(), batik_motif()
    with torch.no_grad():
        content_feats = net(content)
        style_grams = [gram(f) for f in net(style)]
    img = content.clone().requires_grad_(True)
    opt = torch.optim.LBFGS([img], lr=0.5, max_iter=5)

    def closure():
        opt.zero_grad()
        feats = net(img)
        c_loss = F.mse_loss(feats[1], content_feats[1])
        s_loss = sum(F.mse_loss(gram(f), g) for f, g in zip(feats, style_grams))
        loss = c_loss + style_weight * s_loss + tv_weight * total_variation(img)
        loss.backward()
        return loss

    for step in range(steps):
        loss = opt.step(closure)
        with torch.no_grad():
            img.clamp_(0, 1)
        print(f"step {step} loss {loss.item():.4f}")
    return img.detach()


if __name__ == "__main__":
    torch.manual_seed(0)
    stylise()
