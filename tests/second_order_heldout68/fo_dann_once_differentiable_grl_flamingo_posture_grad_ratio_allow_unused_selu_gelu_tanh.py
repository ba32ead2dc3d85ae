"""DANN for flamingo feeding-posture recognition across two zoo camera systems (old CCTV -> new 4K PTZ).

The gradient reversal layer is a once-differentiable autograd.Function (its backward is a plain negation that never
needs a graph). The reversal strength is adapted from the ratio of the domain- and label-gradient norms at the shared
feature tensor; those gradients are taken with retain_graph=True / allow_unused=True and used as numbers only.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.function import once_differentiable

log = logging.getLogger("flamingo_dann")

POSTURES = ("filter_feeding", "head_tucked_rest", "preening", "marching_display")


class ReverseGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, coeff):
        ctx.coeff = coeff
        return x.clone()

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        return -ctx.coeff * grad_output, None


class PostureEncoder(nn.Module):
    def __init__(self, feat=32):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.act1 = nn.SELU()
        self.conv2 = nn.Conv2d(16, feat, 3, stride=2, padding=1)
        self.act2 = nn.GELU(approximate="tanh")
        self.gap = nn.AdaptiveAvgPool2d(1)

    def forward(self, x):
        h = self.act1(self.conv1(x))
        h = self.act2(self.conv2(h))
        return self.gap(h).flatten(1)


class DomainHead(nn.Module):
    def __init__(self, feat=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(feat, 32), nn.Hardswish(), nn.Linear(32, 2))

    def forward(self, f, coeff):
        return self.net(ReverseGrad.apply(f, coeff))


def gradient_ratio(dom_loss, cls_loss, feats, encoder):
    """||d dom/d feats|| / ||d cls/d feats||, first order; also counts encoder params the domain loss reaches."""
    g_dom = torch.autograd.grad(dom_loss, [feats, *encoder.parameters()], retain_graph=True, allow_unused=True,
                                create_graph=False)
    g_cls, = torch.autograd.grad(cls_loss, feats, retain_graph=True)
    reached = sum(g is not None for g in g_dom[1:])
    return (g_dom[0].norm() / (g_cls.norm() + 1e-12)).item(), reached


@torch.no_grad()
def camera_frames(n, camera, size=16):
    y = torch.randint(0, len(POSTURES), (n,))
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    neck_angle = (y.float() - 1.5)[:, None, None] * 0.8
    body = torch.exp(-((xx - 0.2 * torch.sin(neck_angle)) ** 2 + (yy - 0.3) ** 2) / 0.1)
    pink = torch.stack([0.9 * body, 0.4 * body, 0.5 * body], dim=1)
    frames = pink + 0.1 * torch.randn(n, 3, size, size)
    if camera == "ptz4k":
        frames = 1.2 * frames + torch.tensor([0.1, -0.05, 0.0])[None, :, None, None]
    return frames, y


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--batch", type=int, default=12)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    encoder, classifier, domain_head = PostureEncoder(), nn.Linear(32, len(POSTURES)), DomainHead()
    params = [*encoder.parameters(), *classifier.parameters(), *domain_head.parameters()]
    opt = torch.optim.SGD(params, lr=0.02, momentum=0.9)
    coeff = 0.1
    for step in range(args.steps):
        xs, ys = camera_frames(args.batch, "cctv")
        xt, _ = camera_frames(args.batch, "ptz4k")
        feats = encoder(torch.cat([xs, xt]))
        cls_loss = F.nll_loss(F.log_softmax(classifier(feats[: args.batch]), dim=1), ys)
        dom_labels = torch.cat([torch.zeros(args.batch), torch.ones(args.batch)]).long()
        dom_loss = F.cross_entropy(domain_head(feats, coeff), dom_labels)

        ratio, reached = gradient_ratio(dom_loss, cls_loss, feats, encoder)
        opt.zero_grad(set_to_none=True)
        (cls_loss + dom_loss).backward()
        opt.step()
        coeff = float(min(1.0, coeff * (1.5 if ratio < 0.5 else 0.9)))
        log.info("step %d cls %.4f dom %.4f ratio %.3f reached %d coeff %.3f", step, cls_loss.item(),
                 dom_loss.item(), ratio, reached, coeff)

    with torch.inference_mode():
        xt, yt = camera_frames(48, "ptz4k")
        log.info("target acc %.3f", (classifier(encoder(xt)).argmax(1) == yt).float().mean().item())


if __name__ == "__main__":
    main()
