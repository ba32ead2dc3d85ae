"""ANIL (Raghu et al., 2020): almost-no-inner-loop meta-learning for taiko stroke recognition.

Each task is one drummer: stick-mounted IMU windows (3-axis accelerometer + 3-axis gyroscope)
for a handful of stroke types (don, ka, big don, drum roll, rim click).  Only the two-layer
head is adapted in the inner loop; the convolutional backbone is shared and learned in the
outer loop only.
"""
import functools
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

cfg = SimpleNamespace(
    n_way=5, k_shot=3, q_query=4, seq_len=48, channels=6,
    hidden=32, inner_lr=0.4, inner_steps=2, second_order=True,
    meta_lr=2e-3, meta_batch=3, iterations=4, eval_every=2, seed=11,
)

task_loss = functools.partial(F.cross_entropy, reduction="mean")


class StickBackbone(nn.Module):
    def __init__(self, channels, hidden):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, hidden, kernel_size=5, padding=2)
        self.act1 = nn.PReLU(hidden)
        self.conv2 = nn.Conv1d(hidden, hidden, kernel_size=5, padding=2, stride=2)
        self.act2 = nn.PReLU(hidden)
        self.pool = nn.AdaptiveAvgPool1d(1)

    def forward(self, x):
        h = self.act1(self.conv1(x))
        h = self.act2(self.conv2(h))
        return self.pool(h).flatten(1)


def make_head(hidden, n_way):
    return nn.Sequential(
        nn.Linear(hidden, hidden),
        nn.SELU(),
        nn.Linear(hidden, n_way),
    )


def drummer_task(gen):
    """One drummer: stroke templates are damped oscillations with drummer-specific timing."""
    t = torch.linspace(0, 1, cfg.seq_len)
    onset = 0.2 + 0.3 * torch.rand(cfg.n_way, generator=gen)
    decay = 5 + 20 * torch.rand(cfg.n_way, generator=gen)
    axes = torch.randn(cfg.n_way, cfg.channels, generator=gen)

    def draw(n):
        y = torch.arange(cfg.n_way).repeat_interleave(n)
        shift = 0.05 * torch.randn(len(y), 1, generator=gen)
        tt = (t - onset[y].unsqueeze(1) - shift).clamp(min=0)
        env = torch.exp(-decay[y].unsqueeze(1) * tt) * (tt > 0)
        x = axes[y].unsqueeze(-1) * (env * torch.cos(40 * tt)).unsqueeze(1)
        return x + 0.05 * torch.randn(x.shape, generator=gen), y

    xs, ys = draw(cfg.k_shot)
    xq, yq = draw(cfg.q_query)
    return xs, ys, xq, yq


def adapt_head(head, feats, labels, steps, create_graph):
    fast = dict(head.named_parameters())
    for _ in range(steps):
        logits = functional_call(head, fast, (feats,))
        loss = task_loss(logits, labels)
        grads = torch.autograd.grad(loss, tuple(fast.values()), create_graph=create_graph)
        fast = {name: w - cfg.inner_lr * g for (name, w), g in zip(fast.items(), grads)}
    return fast


def evaluate(backbone, head, gen, tasks=3):
    correct = total = 0
    for _ in range(tasks):
        xs, ys, xq, yq = drummer_task(gen)
        with torch.no_grad():
            fs, fq = backbone(xs), backbone(xq)
        fast = adapt_head(head, fs, ys, cfg.inner_steps, create_graph=False)
        with torch.no_grad():
            pred = F.softmax(functional_call(head, fast, (fq,)), dim=-1).argmax(-1)
        correct += (pred == yq).sum().item()
        total += len(yq)
    return correct / total


def main():
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    backbone = StickBackbone(cfg.channels, cfg.hidden)
    head = make_head(cfg.hidden, cfg.n_way)
    opt = torch.optim.Adam([*backbone.parameters(), *head.parameters()], lr=cfg.meta_lr)

    for it in range(cfg.iterations):
        opt.zero_grad()
        running = 0.0
        for _ in range(cfg.meta_batch):
            xs, ys, xq, yq = drummer_task(gen)
            fs, fq = backbone(xs), backbone(xq)
            fast = adapt_head(head, fs, ys, cfg.inner_steps, create_graph=cfg.second_order)
            outer = task_loss(functional_call(head, fast, (fq,)), yq)
            (outer / cfg.meta_batch).backward()
            running += outer.item() / cfg.meta_batch
        opt.step()
        msg = f"iter {it} query loss {running:.4f}"
        if (it + 1) % cfg.eval_every == 0:
            msg += f"  eval acc {evaluate(backbone, head, gen):.3f}"
        print(msg)


if __name__ == "__main__":
    main()
