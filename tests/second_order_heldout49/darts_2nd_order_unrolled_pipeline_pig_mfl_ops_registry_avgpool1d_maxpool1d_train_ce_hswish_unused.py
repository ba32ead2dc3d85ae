"""DARTS (second-order, unrolled) architecture search for in-line-inspection (pipeline pig) MFL defect signals.

Sensor traces from the magnetic-flux-leakage ring are classified into {clean, pitting, girth weld, dent}.
LightningModule-style SearchModule with manual optimisation; the Architect differentiates the validation loss
through one unrolled weight step w' = w - eta * dL_train/dw (create_graph=True).
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class Zero(nn.Module):
    def forward(self, x):
        return x * 0.0


OPS = {
    "none": lambda c: Zero(),
    "skip": lambda c: nn.Identity(),
    "conv3": lambda c: nn.Sequential(nn.ReLU(), nn.Conv1d(c, c, 3, padding=1, bias=False)),
    "avg_pool_3": lambda c: nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False),
    "max_pool_3": lambda c: nn.MaxPool1d(3, stride=1, padding=1),
    "hswish_conv5": lambda c: nn.Sequential(nn.Hardswish(), nn.Conv1d(c, c, 5, padding=2, bias=False)),
}


def get_parser():
    p = argparse.ArgumentParser(description="second-order DARTS on MFL pig traces")
    p.add_argument("--primitives", nargs="+", default=["none", "skip", "conv3", "avg_pool_3", "max_pool_3"])
    p.add_argument("--channels", type=int, default=8)
    p.add_argument("--sensors", type=int, default=3, help="axial, radial, circumferential MFL")
    p.add_argument("--length", type=int, default=32)
    p.add_argument("--edges", type=int, default=3)
    p.add_argument("--w-lr", type=float, default=0.025)
    p.add_argument("--alpha-lr", type=float, default=3e-3)
    p.add_argument("--steps", type=int, default=3)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--seed", type=int, default=2)
    return p


class MixedOp(nn.Module):
    def __init__(self, c, primitives):
        super().__init__()
        self.ops = nn.ModuleList(OPS[name](c) for name in primitives)

    def forward(self, x, weights):
        return sum(w * op(x) for w, op in zip(weights, self.ops))


class SearchNet(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.primitives = hp.primitives
        self.stem = nn.Conv1d(hp.sensors, hp.channels, 5, padding=2)
        self.edges = nn.ModuleList(MixedOp(hp.channels, hp.primitives) for _ in range(hp.edges))
        self.head = nn.Linear(hp.channels, 4)
        self.alphas = nn.Parameter(1e-3 * torch.randn(hp.edges, len(hp.primitives)))

    def named_weights(self):
        return [(k, v) for k, v in self.named_parameters() if k != "alphas"]

    def forward(self, x):
        h = self.stem(x)
        weights = F.softmax(self.alphas, dim=-1)
        for i, edge in enumerate(self.edges):
            h = h + edge(h, weights[i])
        return self.head(h.mean(-1))

    def loss(self, x, y):
        return F.cross_entropy(self(x), y)

    @torch.no_grad()
    def genotype(self):
        best = F.softmax(self.alphas, dim=-1)[:, 1:].argmax(-1) + 1   # never pick 'none'
        return [self.primitives[i] for i in best.tolist()]


class Architect:
    def __init__(self, model, w_lr):
        self.model, self.eta = model, w_lr

    def unrolled_alpha_grad(self, train_batch, val_batch):
        (xt, yt), (xv, yv) = train_batch, val_batch
        names, weights = zip(*self.model.named_weights())
        grads = torch.autograd.grad(self.model.loss(xt, yt), weights, create_graph=True)
        unrolled = {n: w - self.eta * g for n, w, g in zip(names, weights, grads)}
        logits_v = functional_call(self.model, unrolled, (xv,))
        val_loss = F.cross_entropy(logits_v, yv)
        (g_alpha,) = torch.autograd.grad(val_loss, [self.model.alphas])
        return g_alpha, val_loss.item()


class SearchModule(nn.Module):
    automatic_optimization = False

    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.net = SearchNet(hp)
        self.architect = Architect(self.net, hp.w_lr)

    def configure_optimizers(self):
        w_opt = torch.optim.SGD([w for _, w in self.net.named_weights()], lr=self.hp.w_lr, momentum=0.9)
        a_opt = torch.optim.Adam([self.net.alphas], lr=self.hp.alpha_lr, betas=(0.5, 0.999))
        return w_opt, a_opt

    def training_step(self, batch, batch_idx, optimizers):
        w_opt, a_opt = optimizers
        train_batch, val_batch = batch
        g_alpha, val_loss = self.architect.unrolled_alpha_grad(train_batch, val_batch)
        a_opt.zero_grad(set_to_none=True)
        self.net.alphas.grad = g_alpha
        a_opt.step()
        loss = self.net.loss(*train_batch)
        w_opt.zero_grad(set_to_none=True)
        loss.backward()
        nn.utils.clip_grad_norm_([w for _, w in self.net.named_weights()], 5.0)
        w_opt.step()
        return {"train_ce": loss.item(), "val_ce": val_loss}


def mfl_batch(hp, gen):
    y = torch.randint(0, 4, (hp.batch,), generator=gen)
    t = torch.linspace(-1, 1, hp.length)
    x = 0.1 * torch.randn(hp.batch, hp.sensors, hp.length, generator=gen)
    x[y == 1, 0] += torch.exp(-(t / 0.08) ** 2)                  # pitting: sharp axial spike
    x[y == 2] += 0.6 * torch.exp(-(t / 0.3) ** 2)                 # girth weld: broad on every channel
    x[y == 3, 1] -= torch.tanh(4 * t) * torch.exp(-(t / 0.4) ** 2)  # dent: radial dipole
    return x, y


class Trainer:
    def __init__(self, hp):
        self.hp = hp

    def fit(self, module):
        gen = torch.Generator().manual_seed(self.hp.seed)
        opts = module.configure_optimizers()
        for step in range(self.hp.steps):
            logs = module.training_step((mfl_batch(self.hp, gen), mfl_batch(self.hp, gen)), step, opts)
            print(f"step {step} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))
        print("genotype:", module.net.genotype())


if __name__ == "__main__":
    hp = get_parser().parse_args()
    torch.manual_seed(hp.seed)
    Trainer(hp).fit(SearchModule(hp))
