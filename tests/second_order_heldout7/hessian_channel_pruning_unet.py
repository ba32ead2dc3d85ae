"""Hessian-aware channel pruning (HAP-style) of a small U-Net for binary segmentation.
Channel sensitivity = Tr(H_c) * ||w_c||^2 / n_c, with the per-channel Hessian trace of the Dice loss
estimated by Hutchinson probes (Hessian-vector products w.r.t. the conv weights)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
                         nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class UNet(nn.Module):
    def __init__(self, cin=1, base=16):
        super().__init__()
        self.enc1, self.enc2, self.enc3 = conv_block(cin, base), conv_block(base, base * 2), conv_block(base * 2, base * 4)
        self.dec2 = conv_block(base * 4 + base * 2, base * 2)
        self.dec1 = conv_block(base * 2 + base, base)
        self.out = nn.Conv2d(base, 1, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(F.avg_pool2d(e1, 2))
        e3 = self.enc3(F.avg_pool2d(e2, 2))
        d2 = self.dec2(torch.cat([F.interpolate(e3, scale_factor=2, mode="bilinear", align_corners=False), e2], 1))
        d1 = self.dec1(torch.cat([F.interpolate(d2, scale_factor=2, mode="bilinear", align_corners=False), e1], 1))
        return self.out(d1)


def soft_dice_loss(logits, target, eps=1.0):
    p = torch.sigmoid(logits)
    inter = (p * target).sum(dim=(1, 2, 3))
    union = p.sum(dim=(1, 2, 3)) + target.sum(dim=(1, 2, 3))
    return (1 - (2 * inter + eps) / (union + eps)).mean()


def channel_hessian_trace(model, batch, n_probes=8):
    convs = [m for m in model.modules() if isinstance(m, nn.Conv2d) and m is not model.out]
    weights = [m.weight for m in convs]
    x, y = batch
    loss = soft_dice_loss(model(x), y)
    grads = torch.autograd.grad(loss, weights, create_graph=True)
    traces = [torch.zeros(w.size(0)) for w in weights]
    for _ in range(n_probes):
        vs = [torch.randint_like(w, 2) * 2 - 1 for w in weights]
        hvs = torch.autograd.grad(grads, weights, grad_outputs=vs, retain_graph=True)
        for t, v, hv in zip(traces, vs, hvs):
            t += (v * hv).flatten(1).sum(1) / n_probes
    return convs, traces


def prune_plan(model, batch, ratio=0.3):
    model.eval()
    convs, traces = channel_hessian_trace(model, batch)
    scores = []
    for conv, tr in zip(convs, traces):
        w = conv.weight.detach()
        s = tr * w.pow(2).flatten(1).sum(1) / w[0].numel()
        scores += [(s_c.item(), conv, c) for c, s_c in enumerate(s)]
    scores.sort(key=lambda t: t[0])
    return scores[: int(ratio * len(scores))]


if __name__ == "__main__":
    net = UNet()
    plan = prune_plan(net, (torch.randn(2, 1, 16, 16), (torch.rand(2, 1, 16, 16) > 0.5).float()))
    print(len(plan))
