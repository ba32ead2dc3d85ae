"""Second-order (OBS-style) channel saliency for a small segmentation net.

Only the decoder's first conv is pruned, so the Hessian-vector products are taken w.r.t. that layer's
weight: s_c = 0.5 * w_c^T (H w)_c. The pruned network is then fine-tuned.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


def gn_block(cin, cout, groups=4):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(groups, cout), nn.ReLU(inplace=True))


class TinySeg(nn.Module):
    def __init__(self, n_cls=4):
        super().__init__()
        self.enc1 = gn_block(3, 16)
        self.enc2 = nn.Sequential(nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.GroupNorm(8, 32), nn.ReLU())
        self.dec_conv = nn.Conv2d(32, 32, 3, padding=1)
        self.dec_norm = nn.GroupNorm(8, 32)
        self.classifier = nn.Conv2d(32, n_cls, 1)

    def forward(self, x):
        h = self.enc2(self.enc1(x))
        h = F.silu(self.dec_norm(self.dec_conv(h)))
        logits = self.classifier(h)
        return F.interpolate(logits, size=x.shape[-2:], mode="bilinear", align_corners=False)


def obs_channel_saliency(model, images, masks):
    w = model.dec_conv.weight
    loss = F.cross_entropy(model(images), masks)
    g, = torch.autograd.grad(loss, w, create_graph=True)
    hw, = torch.autograd.grad((g * w.detach()).sum(), w)
    return 0.5 * (w.detach() * hw).flatten(1).sum(1)


def prune_and_finetune(model, images, masks, keep=0.75, steps=2):
    scores = obs_channel_saliency(model, images, masks)
    k = int(keep * scores.numel())
    keep_idx = scores.abs().topk(k).indices
    channel_mask = torch.zeros_like(scores)
    channel_mask[keep_idx] = 1.0
    model.dec_conv.weight.register_hook(lambda grad: grad * channel_mask.view(-1, 1, 1, 1))
    with torch.no_grad():
        model.dec_conv.weight.mul_(channel_mask.view(-1, 1, 1, 1))
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    for _ in range(steps):
        loss = F.cross_entropy(model(images), masks)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


if __name__ == "__main__":
    net = TinySeg()
    imgs, masks = torch.randn(2, 3, 32, 32), torch.randint(0, 4, (2, 32, 32))
    print(prune_and_finetune(net, imgs, masks))
