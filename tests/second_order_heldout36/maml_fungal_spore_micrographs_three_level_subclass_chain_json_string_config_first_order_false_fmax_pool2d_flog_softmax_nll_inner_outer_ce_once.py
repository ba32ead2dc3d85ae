"""Few-shot fungal spore identification (5-way, 8x8 micrograph crops) with MAML.

The learner is a three-level class chain (MetaBase -> ConvTrunk -> SporeLearner) whose forward takes an
explicit weight list. The run configuration is a JSON document embedded in the file.
"""
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

RUN_CONFIG = json.loads("""
{
  "maml": {"inner_steps": 1, "inner_lr": 0.4, "first_order": false},
  "model": {"channels": 8, "ways": 5},
  "meta_lr": 0.001
}
""")


class MetaBase(nn.Module):
    def weights(self):
        return [p for p in self.parameters()]


class ConvTrunk(MetaBase):
    def __init__(self, channels):
        super().__init__()
        self.conv_w = nn.Parameter(torch.randn(channels, 1, 3, 3) * 0.3)
        self.conv_b = nn.Parameter(torch.zeros(channels))

    def trunk(self, x, w):
        h = F.conv2d(x, w[0], w[1], padding=1)
        h = F.max_pool2d(torch.relu(h), 2)
        return h.flatten(1)


class SporeLearner(ConvTrunk):
    def __init__(self, channels, ways):
        super().__init__(channels)
        self.head_w = nn.Parameter(torch.randn(ways, channels * 16) * 0.1)
        self.head_b = nn.Parameter(torch.zeros(ways))

    def forward(self, x, w=None):
        w = self.weights() if w is None else w
        return F.linear(self.trunk(x, w), w[2], w[3])

    def inner_loss(self, x, y, w):
        return F.nll_loss(F.log_softmax(self(x, w), dim=1), y)


def adapt(learner, xs, ys, cfg):
    w = learner.weights()
    for _ in range(cfg["inner_steps"]):
        grads = torch.autograd.grad(learner.inner_loss(xs, ys, w), w,
                                    create_graph=not cfg["first_order"])
        w = [p - cfg["inner_lr"] * g for p, g in zip(w, grads)]
    return w


def spore_task(ways, shots, queries):
    protos = torch.randn(ways, 1, 8, 8)

    def draw(k):
        ys = torch.arange(ways).repeat_interleave(k)
        return protos[ys] + 0.2 * torch.randn(ways * k, 1, 8, 8), ys

    return draw(shots), draw(queries)


def main(meta_iters=3, batch=2):
    torch.manual_seed(12)
    cfg = RUN_CONFIG
    learner = SporeLearner(cfg["model"]["channels"], cfg["model"]["ways"])
    opt = torch.optim.Adam(learner.parameters(), lr=cfg["meta_lr"])
    for it in range(meta_iters):
        opt.zero_grad()
        total = 0.0
        for _ in range(batch):
            (xs, ys), (xq, yq) = spore_task(cfg["model"]["ways"], shots=2, queries=3)
            fast = adapt(learner, xs, ys, cfg["maml"])
            q_loss = F.cross_entropy(learner(xq, fast), yq)
            (q_loss / batch).backward()
            total += q_loss.item()
        opt.step()
        print(f"meta-iter {it}: query loss {total / batch:.3f}")


if __name__ == "__main__":
    main()
