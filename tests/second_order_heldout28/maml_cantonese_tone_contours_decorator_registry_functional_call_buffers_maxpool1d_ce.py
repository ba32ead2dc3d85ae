"""Few-shot classification of Cantonese lexical tones from F0 contours (MAML).

Each task samples 3 of the 6 tones; contours are 24-frame normalised pitch tracks.
Adaptation algorithms are registered with a decorator and picked from META.
BatchNorm running statistics are passed to functional_call as buffers.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

META = {"algorithm": "maml", "inner_steps": 2, "inner_lr": 0.3, "ways": 3, "shots": 4, "queries": 4}

ADAPTERS = {}


def adapter(name):
    def register(fn):
        ADAPTERS[name] = fn
        return fn
    return register


class ToneNet(nn.Module):
    def __init__(self, ways, ch=16):
        super().__init__()
        self.conv1 = nn.Conv1d(2, ch, 3, padding=1)
        self.bn1 = nn.BatchNorm1d(ch)
        self.conv2 = nn.Conv1d(ch, ch, 3, padding=1)
        self.bn2 = nn.BatchNorm1d(ch)
        self.pool = nn.MaxPool1d(2)
        self.head = nn.Linear(ch * 6, ways)

    def forward(self, x):
        h = self.pool(F.relu(self.bn1(self.conv1(x))))
        h = self.pool(F.relu(self.bn2(self.conv2(h))))
        return self.head(h.flatten(1))


@adapter("maml")
def maml_adapt(model, params, buffers, x, y, steps, lr):
    for _ in range(steps):
        logits = functional_call(model, (params, buffers), (x,))
        loss = F.cross_entropy(logits, y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
        params = {k: w - lr * g for (k, w), g in zip(params.items(), grads)}
    return params


@adapter("fomaml")
def fomaml_adapt(model, params, buffers, x, y, steps, lr):
    for _ in range(steps):
        logp = F.log_softmax(functional_call(model, (params, buffers), (x,)), dim=-1)
        grads = torch.autograd.grad(F.nll_loss(logp, y), list(params.values()))
        params = {k: w - lr * g.detach() for (k, w), g in zip(params.items(), grads)}
    return params


TONE_SHAPES = [
    lambda t: 5.5 + 0 * t,          # T1 high level
    lambda t: 3.0 + 2.5 * t,        # T2 high rising
    lambda t: 3.3 + 0 * t,          # T3 mid level
    lambda t: 2.0 - 1.0 * t,        # T4 low falling
    lambda t: 2.0 + 1.3 * t,        # T5 low rising
    lambda t: 2.2 + 0 * t,          # T6 low level
]


def sample_task(ways, shots, queries, frames=24):
    tones = torch.randperm(len(TONE_SHAPES))[:ways]
    t = torch.linspace(0, 1, frames)
    xs, ys = [], []
    for label, tone in enumerate(tones.tolist()):
        f0 = TONE_SHAPES[tone](t).expand(shots + queries, frames) + 0.3 * torch.randn(shots + queries, frames)
        energy = torch.sin(torch.pi * t).expand_as(f0) + 0.1 * torch.randn_like(f0)
        xs.append(torch.stack([(f0 - 3.5) / 1.5, energy], 1))
        ys.append(torch.full((shots + queries,), label))
    x, y = torch.cat(xs), torch.cat(ys)
    is_support = (torch.arange(len(y)) % (shots + queries)) < shots
    return x[is_support], y[is_support], x[~is_support], y[~is_support]


def meta_train(meta_iters=3, meta_batch=2):
    model = ToneNet(META["ways"])
    adapt = ADAPTERS[META["algorithm"]]
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for it in range(meta_iters):
        opt.zero_grad()
        total = 0.0
        for _ in range(meta_batch):
            xs, ys, xq, yq = sample_task(META["ways"], META["shots"], META["queries"])
            params = dict(model.named_parameters())
            buffers = dict(model.named_buffers())
            fast = adapt(model, params, buffers, xs, ys, META["inner_steps"], META["inner_lr"])
            query_loss = F.cross_entropy(functional_call(model, (fast, buffers), (xq,)), yq)
            (query_loss / meta_batch).backward()
            total += query_loss.item()
        opt.step()
        print(f"meta-iter {it} query loss {total / meta_batch:.3f}")


if __name__ == "__main__":
    torch.manual_seed(0)
    meta_train()
