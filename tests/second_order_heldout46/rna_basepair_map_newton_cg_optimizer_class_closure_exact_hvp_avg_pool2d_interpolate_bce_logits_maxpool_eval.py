"""Truncated-Newton (Hessian-free, exact Hessian) training of an RNA base-pair probability map predictor.

The optimiser is a torch.optim.Optimizer subclass whose step(closure) re-evaluates the loss, takes the gradient with
create_graph=True and runs damped conjugate gradient on exact Hessian-vector products (stopping at negative curvature).
"""
import argparse
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

BASES = "ACGU"
PAIRS = {(0, 3), (3, 0), (1, 2), (2, 1), (2, 3), (3, 2)}  # Watson-Crick + GU wobble


def make_batch(n, length, gen):
    seq = torch.randint(0, 4, (n, length), generator=gen)
    onehot = F.one_hot(seq, 4).float()
    pos = torch.arange(length).float() / length
    pair_feat = torch.cat([
        onehot.unsqueeze(2).expand(-1, -1, length, -1),
        onehot.unsqueeze(1).expand(-1, length, -1, -1),
        (pos.view(-1, 1) - pos.view(1, -1)).abs().expand(n, -1, -1).unsqueeze(-1),
    ], dim=-1).permute(0, 3, 1, 2)
    can_pair = torch.zeros(n, length, length)
    for a, b in PAIRS:
        can_pair += ((seq.unsqueeze(2) == a) & (seq.unsqueeze(1) == b)).float()
    sep = (torch.arange(length).view(-1, 1) - torch.arange(length).view(1, -1)).abs() > 3
    stem = torch.rand(n, length, length, generator=gen) < 0.25
    target = (can_pair * sep * (stem | stem.transpose(1, 2))).clamp(max=1.0)
    return pair_feat, target


class PairMapNet(nn.Module):
    def __init__(self, in_ch=9, ch=12):
        super().__init__()
        self.stem = nn.Conv2d(in_ch, ch, 3, padding=1)
        self.coarse = nn.Conv2d(ch, ch, 3, padding=1)
        self.fuse = nn.Conv2d(2 * ch, ch, 1)
        self.head = nn.Conv2d(ch, 1, 1)
        self.aux_up = nn.Upsample(scale_factor=2, mode="bilinear")  # for a coarse auxiliary head (disabled)

    def forward(self, x):
        h = torch.tanh(self.stem(x))
        c = F.avg_pool2d(h, 2)
        c = torch.tanh(self.coarse(c))
        c = F.interpolate(c, scale_factor=2, mode="nearest")
        h = torch.tanh(self.fuse(torch.cat([h, c], 1)))
        logits = self.head(h).squeeze(1)
        return 0.5 * (logits + logits.transpose(1, 2))


def pair_loss(logits, target, pos_weight):
    return F.binary_cross_entropy_with_logits(logits, target, pos_weight=torch.tensor(pos_weight))


class NewtonCG(torch.optim.Optimizer):
    def __init__(self, params, lr=1.0, damping=1.0, cg_iters=8):
        super().__init__(params, dict(lr=lr, damping=damping, cg_iters=cg_iters))

    def _hvp(self, grads, params, vec, damping):
        hv = torch.autograd.grad(grads, params, grad_outputs=vec, retain_graph=True)
        return [h + damping * v for h, v in zip(hv, vec)]

    def step(self, closure):
        group = self.param_groups[0]
        params = [p for p in group["params"] if p.requires_grad]
        with torch.enable_grad():
            loss = closure()
            grads = torch.autograd.grad(loss, params, create_graph=True)
        b = [-g.detach() for g in grads]
        x = [torch.zeros_like(t) for t in b]
        r, p = [t.clone() for t in b], [t.clone() for t in b]
        rr = sum((t * t).sum() for t in r)
        for _ in range(group["cg_iters"]):
            Ap = self._hvp(grads, params, p, group["damping"])
            pAp = sum((a * q).sum() for a, q in zip(Ap, p))
            if pAp <= 0:  # negative curvature direction: stop with the current iterate
                break
            alpha = rr / pAp
            x = [xi + alpha * pi for xi, pi in zip(x, p)]
            r = [ri - alpha * ai for ri, ai in zip(r, Ap)]
            rr_new = sum((t * t).sum() for t in r)
            p = [ri + (rr_new / rr) * pi for ri, pi in zip(r, p)]
            rr = rr_new
        if all((t == 0).all() for t in x):
            x = b
        with torch.no_grad():
            for prm, d in zip(params, x):
                prm.add_(group["lr"] * d)
        return loss.detach()


@torch.no_grad()
def top_l_precision(model, x, target):
    probs = torch.sigmoid(model(x))
    probs = probs * (probs == F.max_pool2d(probs.unsqueeze(1), 3, 1, 1).squeeze(1))  # keep local maxima only
    L = probs.shape[-1]
    idx = torch.topk(probs.flatten(1), L, dim=1).indices
    return torch.gather(target.flatten(1), 1, idx).mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--length", type=int, default=16)
    ap.add_argument("--batch", type=int, default=12)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--damping", type=float, default=2.0)
    args = ap.parse_args()
    gen = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    model = PairMapNet()
    opt = NewtonCG(model.parameters(), lr=0.5, damping=args.damping, cg_iters=6)
    criterion = partial(pair_loss, pos_weight=4.0)
    x_val, y_val = make_batch(8, args.length, gen)
    for step in range(args.steps):
        x, y = make_batch(args.batch, args.length, gen)

        def closure():
            return criterion(model(x), y)

        loss = opt.step(closure)
        print(f"step {step} loss {loss.item():.4f} top-L precision {top_l_precision(model, x_val, y_val):.3f}")


if __name__ == "__main__":
    main()
