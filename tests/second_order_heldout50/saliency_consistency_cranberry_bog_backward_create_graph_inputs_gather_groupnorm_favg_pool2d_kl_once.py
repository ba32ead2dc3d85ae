"""Two-view saliency consistency for cranberry-bog frost-damage tiles.

Drone RGB tiles (3x32x32) of cranberry beds are graded as healthy / light frost / severe frost.
Besides cross-entropy and prediction agreement between two photometric/flip views, the input
gradients of the target logit in both views are asked to agree (after undoing the flip). The
saliency maps come from `backward(create_graph=True, inputs=[...])` so that the consistency term
can be trained.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class BogNet(nn.Module):
    def __init__(self, width=16, n_classes=3):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, padding=1)
        self.norm1 = nn.GroupNorm(4, width)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, padding=1)
        self.head = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        h = F.silu(self.norm1(self.conv1(x)))
        h = F.avg_pool2d(h, 2)
        h = F.silu(self.conv2(h))
        return self.head(h.mean(dim=(2, 3)))


def make_views(x, gen):
    """Photometric jitter on both views, horizontal flip on view a (no gradients involved)."""
    b = x.shape[0]
    gain_a = 1 + 0.1 * torch.randn(b, 3, 1, 1, generator=gen)
    gain_b = 1 + 0.1 * torch.randn(b, 3, 1, 1, generator=gen)
    xa = torch.flip(x * gain_a, dims=[-1]).clamp(0, 1)
    xb = (x * gain_b).clamp(0, 1)
    return xa, xb


def target_saliency(model, xa, xb, y):
    xa.requires_grad_(True)
    xb.requires_grad_(True)
    logits = model(torch.cat([xa, xb]))
    target_logit = logits.gather(1, torch.cat([y, y])[:, None]).sum()
    target_logit.backward(create_graph=True, inputs=[xa, xb])
    return logits, xa.grad, xb.grad


def consistency_loss(ga, gb):
    ga = torch.flip(ga, dims=[-1])  # undo the flip of view a
    return (1 - F.cosine_similarity(ga.flatten(1), gb.flatten(1), dim=1)).mean()


def bog_tiles(n, gen):
    y = torch.randint(0, 3, (n,), generator=gen)
    base = torch.tensor([0.45, 0.12, 0.15])[None, :, None, None].expand(n, 3, 32, 32).clone()
    frost = (torch.rand(n, 1, 32, 32, generator=gen) < 0.15 * y[:, None, None, None]).float()
    x = base + 0.4 * frost + 0.05 * torch.rand(n, 3, 32, 32, generator=gen)
    return x.clamp(0, 1), y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--agree", type=float, default=0.5)
    ap.add_argument("--sal", type=float, default=0.2)
    args = ap.parse_args()
    random.seed(0)
    gen = torch.Generator().manual_seed(2)
    model = BogNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.steps):
        x, y = bog_tiles(args.batch, gen)
        xa, xb = make_views(x, gen)
        logits, ga, gb = target_saliency(model, xa, xb, y)
        la, lb = logits.chunk(2)
        task = F.cross_entropy(logits, torch.cat([y, y]))
        agree = F.kl_div(F.log_softmax(la, dim=1), F.softmax(lb, dim=1).detach(), reduction="batchmean")
        sal = consistency_loss(ga, gb)
        loss = task + args.agree * agree + args.sal * sal
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        xa.grad = xb.grad = None
        print(f"step {step} task {task.item():.3f} agree {agree.item():.4f} sal {sal.item():.3f}")


if __name__ == "__main__":
    main()
