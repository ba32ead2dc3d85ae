"""Few-shot monsoon-onset classification per district (early / normal / late / failed) with MAML.

Each district is a task: 30 days of pre-monsoon station readings -> onset class.  The encoder is a tiny
transformer with LayerDrop (whole layers skipped at random in training).  MAML++-style derivative-order
annealing: first-order meta-gradients for the first ``fo_meta_iters`` iterations, second order afterwards.
"""
import argparse
import logging
import math
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

logger = logging.getLogger("monsoon")
N_WAYS = 4
N_FEATS = 6  # pressure, humidity, wind u/v, SST anomaly, OLR


class EncoderLayer(nn.Module):
    def __init__(self, d, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln1 = nn.LayerNorm(d)
        self.ln2 = nn.LayerNorm(d)
        self.ff1 = nn.Linear(d, 2 * d)
        self.ff2 = nn.Linear(2 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).chunk(3, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        att = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d // self.heads), dim=-1)
        x = x + self.proj((att @ v).transpose(1, 2).reshape(b, t, d))
        return x + self.ff2(F.gelu(self.ff1(self.ln2(x)), approximate="tanh"))


class OnsetTransformer(nn.Module):
    def __init__(self, d=16, n_layers=3, layerdrop=0.2, n_districts=40):
        super().__init__()
        self.layerdrop = layerdrop
        self.inp = nn.Linear(N_FEATS, d)
        self.district = nn.Embedding(n_districts, d)
        self.layers = nn.ModuleList(EncoderLayer(d) for _ in range(n_layers))
        self.cls = nn.Linear(d, N_WAYS)

    def forward(self, x, district_id):
        h = self.inp(x) + self.district(district_id)[:, None, :]
        for layer in self.layers:
            if self.training and torch.rand(()) < self.layerdrop:
                continue  # LayerDrop (Fan et al. 2019)
            h = layer(h)
        return self.cls(h.mean(dim=1))


def sample_district_task(k_shot, q_shot, days=30):
    district = torch.randint(0, 40, ())
    shift = torch.randn(N_WAYS, N_FEATS)
    def draw(n):
        y = torch.arange(N_WAYS).repeat_interleave(n)
        x = torch.randn(len(y), days, N_FEATS) * 0.5 + shift[y][:, None, :]
        x[..., 4] += torch.linspace(0, 1, days) * (y[:, None].float() - 1.5)
        return x, y, district.expand(len(y))
    return draw(k_shot), draw(q_shot)


def adapt(model, params, support, inner_lr, inner_steps, second_order):
    xs, ys, ds = support
    fast = OrderedDict(params)
    for _ in range(inner_steps):
        logits = functional_call(model, fast, (xs, ds))
        inner_loss = F.cross_entropy(logits, ys)
        grads = torch.autograd.grad(inner_loss, list(fast.values()), create_graph=second_order,
                                    allow_unused=True)
        fast = OrderedDict((n, p - inner_lr * g if g is not None else p)
                           for (n, p), g in zip(fast.items(), grads))
    return fast


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=5)
    ap.add_argument("--fo-meta-iters", type=int, default=2)
    ap.add_argument("--tasks", type=int, default=2)
    ap.add_argument("--inner-steps", type=int, default=1)
    ap.add_argument("--inner-lr", type=float, default=0.3)
    ap.add_argument("--layerdrop", type=float, default=0.2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    model = OnsetTransformer(layerdrop=args.layerdrop)
    meta_opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(args.meta_iters):
        second_order = it >= args.fo_meta_iters
        meta_opt.zero_grad(set_to_none=True)
        params = OrderedDict(model.named_parameters())
        meta_loss = 0.0
        for _ in range(args.tasks):
            support, (xq, yq, dq) = sample_district_task(k_shot=2, q_shot=3)
            fast = adapt(model, params, support, args.inner_lr, args.inner_steps, second_order)
            meta_loss = meta_loss + F.cross_entropy(functional_call(model, fast, (xq, dq)), yq)
        (meta_loss / args.tasks).backward()
        assert model.inp.weight.grad is not None
        meta_opt.step()
        logger.info("meta-iter %d order %d meta-loss %.4f", it, 2 if second_order else 1,
                    meta_loss.item() / args.tasks)


if __name__ == "__main__":
    main()
