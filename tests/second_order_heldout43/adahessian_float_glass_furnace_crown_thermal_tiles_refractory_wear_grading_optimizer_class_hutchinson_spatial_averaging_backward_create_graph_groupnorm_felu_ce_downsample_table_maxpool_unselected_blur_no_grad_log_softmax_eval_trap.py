"""AdaHessian for a refractory-wear grader on float-glass furnace crown thermal tiles.

Thermal-camera tiles of the furnace crown are graded into three wear classes (sound / spalling /
thinning).  The network is trained with AdaHessian (Yao et al., 2021): the update is preconditioned
by a Hutchinson estimate of the Hessian diagonal, with spatial averaging over conv kernels and an
exponential moving average of the squared estimate.  The Hutchinson product needs the gradient
graph, so the training loss is back-propagated with create_graph=True.
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "width": 8,
    "groups": 2,
    "n_classes": 3,
    "downsample": "strided",   # "maxpool" halves with nn.MaxPool2d instead
    "tile": 16,
}

DOWNSAMPLE = {
    "maxpool": lambda c: nn.MaxPool2d(2),
    "strided": lambda c: nn.Conv2d(c, c, 3, stride=2, padding=1),
}


class CrownWearNet(nn.Module):
    def __init__(self, width, groups, n_classes, downsample):
        super().__init__()
        self.stem = nn.Conv2d(1, width, 3, padding=1)
        self.norm = nn.GroupNorm(groups, width)
        self.down = DOWNSAMPLE[downsample](width)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, padding=1)
        self.head = nn.Linear(2 * width, n_classes)

    def forward(self, x):
        h = F.elu(self.norm(self.stem(x)))
        h = self.down(h)
        h = torch.tanh(self.conv2(h))
        return self.head(h.mean(dim=(2, 3)))


class AdaHessian(torch.optim.Optimizer):
    """Hutchinson-diagonal preconditioned Adam; call loss.backward(create_graph=True) before step()."""

    def __init__(self, params, lr=0.15, betas=(0.9, 0.999), eps=1e-4, weight_decay=0.0, hessian_power=1.0):
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, hessian_power=hessian_power)
        super().__init__(params, defaults)

    def _hutchinson(self, params, grads):
        zs = [torch.randint_like(p, high=2) * 2.0 - 1.0 for p in params]
        h_zs = torch.autograd.grad(grads, params, grad_outputs=zs, retain_graph=False)
        diag = []
        for hz, z, p in zip(h_zs, zs, params):
            est = (hz * z).abs()
            if p.dim() == 4:          # conv kernel: average over the spatial window
                est = est.mean(dim=(2, 3), keepdim=True).expand_as(p).clone()
            diag.append(est)
        return diag

    def step(self):
        params = [p for g in self.param_groups for p in g["params"] if p.grad is not None]
        grads = [p.grad for p in params]
        diag = {id(p): d for p, d in zip(params, self._hutchinson(params, grads))}
        with torch.no_grad():
            for group in self.param_groups:
                b1, b2 = group["betas"]
                for p in group["params"]:
                    if p.grad is None:
                        continue
                    d = diag[id(p)]
                    st = self.state[p]
                    if not st:
                        st["step"] = 0
                        st["m"] = torch.zeros_like(p)
                        st["v"] = torch.zeros_like(p)
                    st["step"] += 1
                    st["m"].mul_(b1).add_(p.grad.detach(), alpha=1 - b1)
                    st["v"].mul_(b2).addcmul_(d, d, value=1 - b2)
                    bc1 = 1 - b1 ** st["step"]
                    bc2 = 1 - b2 ** st["step"]
                    k = group["hessian_power"]
                    denom = (st["v"] / bc2).sqrt().pow(k).add_(group["eps"])
                    if group["weight_decay"]:
                        p.mul_(1 - group["lr"] * group["weight_decay"])
                    p.addcdiv_(st["m"], denom, value=-group["lr"] / bc1)


@torch.no_grad()
def make_tiles(n, size, generator):
    """Synthetic crown tiles: hot spots on a gradient, blurred like the camera optics."""
    base = torch.linspace(0, 1, size).view(1, 1, 1, size).expand(n, 1, size, size)
    rate = 0.15 * torch.rand(n, 1, 1, 1, generator=generator)
    spots = (torch.rand(n, 1, size, size, generator=generator) < rate).float()
    tiles = F.avg_pool2d(base + 2.0 * spots, 3, stride=1, padding=1)
    labels = (rate.view(-1) / 0.05).long().clamp(max=2)
    return tiles, labels


@torch.no_grad()
def evaluate(model, x, y):
    logp = F.log_softmax(model(x), dim=1)
    return -logp.gather(1, y[:, None]).mean().item(), (logp.argmax(1) == y).float().mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=12)
    ap.add_argument("--lr", type=float, default=0.15)
    args = ap.parse_args()

    g = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    x, y = make_tiles(48, CONFIG["tile"], g)
    model = CrownWearNet(CONFIG["width"], CONFIG["groups"], CONFIG["n_classes"], CONFIG["downsample"])
    opt = AdaHessian(model.parameters(), lr=args.lr, weight_decay=1e-4)

    for step in range(args.steps):
        idx = torch.randint(0, x.shape[0], (args.batch,), generator=g)
        logits = model(x[idx])
        loss = F.cross_entropy(logits, y[idx])
        opt.zero_grad(set_to_none=True)
        loss.backward(create_graph=True)
        opt.step()
        for p in model.parameters():
            p.grad = None
        nll, acc = evaluate(model, x, y)
        print(f"step {step} train {loss.item():.4f} eval-nll {nll:.4f} acc {acc:.2f} "
              f"lr-scale {math.log10(args.lr):.2f}")


if __name__ == "__main__":
    main()
