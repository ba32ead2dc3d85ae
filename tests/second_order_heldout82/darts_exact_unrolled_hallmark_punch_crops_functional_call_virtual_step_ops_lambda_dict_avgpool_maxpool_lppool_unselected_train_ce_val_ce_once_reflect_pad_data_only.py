"""Second-order DARTS search on silver hallmark punch crops (assay office / maker's mark / date letter).

Architecture parameters are updated with the exact unrolled hypergradient:
    w' = w - xi * (dL_train/dw + wd * w)        (graph kept: create_graph=True)
    alpha <- alpha - lr_a * dL_val(w'(alpha), alpha)/dalpha
The virtual model is evaluated with torch.func.functional_call on the replaced weights.
"""
import argparse
import logging
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

log = logging.getLogger("darts.hallmark")


class Zero(nn.Module):
    def __init__(self, stride):
        super().__init__()
        self.stride = stride

    def forward(self, x):
        if self.stride == 1:
            return x.mul(0.0)
        return x[:, :, :: self.stride, :: self.stride].mul(0.0)


class ReLUConvBN(nn.Module):
    def __init__(self, c_in, c_out, k, stride, pad):
        super().__init__()
        self.op = nn.Sequential(nn.ReLU(inplace=False), nn.Conv2d(c_in, c_out, k, stride, pad, bias=False),
                                nn.BatchNorm2d(c_out, affine=False))

    def forward(self, x):
        return self.op(x)


class SepConv(nn.Module):
    def __init__(self, c_in, c_out, k, stride, pad):
        super().__init__()
        self.op = nn.Sequential(
            nn.ReLU(inplace=False),
            nn.Conv2d(c_in, c_in, k, stride, pad, groups=c_in, bias=False),
            nn.Conv2d(c_in, c_out, 1, bias=False),
            nn.BatchNorm2d(c_out, affine=False),
        )

    def forward(self, x):
        return self.op(x)


class FactorizedReduce(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv_1 = nn.Conv2d(c_in, c_out // 2, 1, stride=2, bias=False)
        self.conv_2 = nn.Conv2d(c_in, c_out // 2, 1, stride=2, bias=False)
        self.bn = nn.BatchNorm2d(c_out, affine=False)

    def forward(self, x):
        x = F.relu(x)
        return self.bn(torch.cat([self.conv_1(x), self.conv_2(x[:, :, 1:, 1:])], dim=1))


OPS = {
    "none": lambda C, stride: Zero(stride),
    "avg_pool_3x3": lambda C, stride: nn.AvgPool2d(3, stride=stride, padding=1, count_include_pad=False),
    "max_pool_3x3": lambda C, stride: nn.MaxPool2d(3, stride=stride, padding=1),
    "lp_pool_3x3": lambda C, stride: nn.Sequential(nn.ZeroPad2d(1), nn.LPPool2d(2, 3, stride=stride)),
    "skip_connect": lambda C, stride: nn.Identity() if stride == 1 else FactorizedReduce(C, C),
    "sep_conv_3x3": lambda C, stride: SepConv(C, C, 3, stride, 1),
    "dil_conv_3x3": lambda C, stride: ReLUConvBN(C, C, 3, stride, 1),
}
# the search space of the paper; lp_pool_3x3 is kept in OPS for the ablation script only
PRIMITIVES = ["none", "max_pool_3x3", "avg_pool_3x3", "skip_connect", "sep_conv_3x3", "dil_conv_3x3"]


class MixedOp(nn.Module):
    def __init__(self, C, stride):
        super().__init__()
        self._ops = nn.ModuleList()
        for primitive in PRIMITIVES:
            op = OPS[primitive](C, stride)
            self._ops.append(op)

    def forward(self, x, weights):
        return sum(w * op(x) for w, op in zip(weights, self._ops))


class Cell(nn.Module):
    def __init__(self, steps, c_pp, c_p, C, reduction, reduction_prev):
        super().__init__()
        self.reduction = reduction
        self.pre0 = FactorizedReduce(c_pp, C) if reduction_prev else ReLUConvBN(c_pp, C, 1, 1, 0)
        self.pre1 = ReLUConvBN(c_p, C, 1, 1, 0)
        self._steps = steps
        self._ops = nn.ModuleList()
        for i in range(steps):
            for j in range(2 + i):
                self._ops.append(MixedOp(C, 2 if reduction and j < 2 else 1))

    def forward(self, s0, s1, weights):
        states = [self.pre0(s0), self.pre1(s1)]
        offset = 0
        for _ in range(self._steps):
            s = sum(self._ops[offset + j](h, weights[offset + j]) for j, h in enumerate(states))
            offset += len(states)
            states.append(s)
        return torch.cat(states[-self._steps:], dim=1)


class SearchNetwork(nn.Module):
    def __init__(self, C=6, num_classes=5, layers=3, steps=2):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(1, 3 * C, 3, padding=1, bias=False), nn.BatchNorm2d(3 * C))
        c_pp, c_p, c_cur = 3 * C, 3 * C, C
        self.cells = nn.ModuleList()
        reduction_prev = False
        for i in range(layers):
            reduction = i in (layers // 3, 2 * layers // 3)
            if reduction:
                c_cur *= 2
            cell = Cell(steps, c_pp, c_p, c_cur, reduction, reduction_prev)
            reduction_prev = reduction
            self.cells.append(cell)
            c_pp, c_p = c_p, steps * c_cur
        self.classifier = nn.Linear(c_p, num_classes)
        k = sum(2 + i for i in range(steps))
        self.alphas_normal = nn.Parameter(1e-3 * torch.randn(k, len(PRIMITIVES)))
        self.alphas_reduce = nn.Parameter(1e-3 * torch.randn(k, len(PRIMITIVES)))

    def arch_parameters(self):
        return [self.alphas_normal, self.alphas_reduce]

    def weight_items(self):
        return [(n, p) for n, p in self.named_parameters() if not n.startswith("alphas_")]

    def forward(self, x):
        s0 = s1 = self.stem(x)
        for cell in self.cells:
            alphas = self.alphas_reduce if cell.reduction else self.alphas_normal
            weights = F.softmax(alphas, dim=-1)
            s0, s1 = s1, cell(s0, s1, weights)
        return self.classifier(s1.mean(dim=(2, 3)))


class Architect:
    """Exact second-order architecture step (no finite differences)."""

    def __init__(self, model, args):
        self.model = model
        self.xi = args.unrolled_lr
        self.wd = args.weight_decay
        self.optimizer = torch.optim.Adam(model.arch_parameters(), lr=args.arch_lr, betas=(0.5, 0.999),
                                          weight_decay=1e-3)

    def virtual_step(self, x_train, y_train):
        names, weights = zip(*self.model.weight_items())
        logits = self.model(x_train)
        train_loss = F.cross_entropy(logits, y_train)
        grads = torch.autograd.grad(train_loss, weights, create_graph=True)
        return {n: w - self.xi * (g + self.wd * w) for n, w, g in zip(names, weights, grads)}

    def step(self, x_train, y_train, x_val, y_val):
        self.optimizer.zero_grad()
        unrolled = self.virtual_step(x_train, y_train)
        val_logits = functional_call(self.model, unrolled, (x_val,))
        val_loss = F.cross_entropy(val_logits, y_val)
        alpha_grads = torch.autograd.grad(val_loss, self.model.arch_parameters())
        for a, g in zip(self.model.arch_parameters(), alpha_grads):
            a.grad = g
        self.optimizer.step()
        return val_loss.item(), sum(g.abs().sum().item() for g in alpha_grads)


def synthetic_hallmarks(n, num_classes=5, size=12, seed=0):
    """Fake grayscale punch crops: each class is a stamped glyph with a different stroke layout."""
    g = torch.Generator().manual_seed(seed)
    y = torch.randint(0, num_classes, (n,), generator=g)
    x = 0.2 * torch.randn(n, 1, size, size, generator=g)
    for i in range(n):
        c = int(y[i])
        x[i, 0, 2 + c: 4 + c, 1:11] += 1.0
        x[i, 0, 1:11, 2 + 2 * c] += 0.8
    return x, y


def augment(x, pad=2):
    """Reflect-pad and random-crop the raw crops (data only, before any weight)."""
    h, w = x.shape[-2:]
    xp = F.pad(x, (pad, pad, pad, pad), mode="reflect")
    i, j = torch.randint(0, 2 * pad + 1, (2,)).tolist()
    return xp[:, :, i:i + h, j:j + w]


@torch.no_grad()
def infer(model, x, y):
    model.eval()
    acc = (model(x).argmax(1) == y).float().mean().item()
    model.train()
    return acc


def genotype(model):
    def parse(alphas):
        w = F.softmax(alphas, dim=-1)[:, 1:]
        return [PRIMITIVES[1 + int(i)] for i in w.argmax(dim=-1)]
    return parse(model.alphas_normal.detach()), parse(model.alphas_reduce.detach())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=1)
    ap.add_argument("--batch-size", type=int, default=12)
    ap.add_argument("--lr", type=float, default=0.025)
    ap.add_argument("--unrolled-lr", type=float, default=0.025)
    ap.add_argument("--weight-decay", type=float, default=3e-4)
    ap.add_argument("--arch-lr", type=float, default=3e-3)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    torch.manual_seed(0)

    x_all, y_all = synthetic_hallmarks(48)
    x_tr, y_tr, x_va, y_va = x_all[:24], y_all[:24], x_all[24:], y_all[24:]
    model = SearchNetwork()
    w_opt = torch.optim.SGD([p for _, p in model.weight_items()], lr=args.lr, momentum=0.9,
                            weight_decay=args.weight_decay)
    architect = Architect(model, args)
    bs = args.batch_size
    t0 = time.time()
    for epoch in range(args.epochs):
        for b in range(0, 24, bs):
            xt, yt = augment(x_tr[b:b + bs]), y_tr[b:b + bs]
            xv, yv = augment(x_va[b:b + bs]), y_va[b:b + bs]
            val_loss, gnorm = architect.step(xt, yt, xv, yv)
            assert gnorm > 0, "hypergradient vanished"
            w_opt.zero_grad()
            loss = F.cross_entropy(model(xt), yt)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            w_opt.step()
            log.info("epoch %d batch %d train %.4f val %.4f |dalpha| %.2e", epoch, b // bs, loss.item(),
                     val_loss, gnorm)
        log.info("valid acc %.3f genotype %s", infer(model, x_va, y_va), genotype(model))
    log.info("done in %.1fs", time.time() - t0)


if __name__ == "__main__":
    main()
