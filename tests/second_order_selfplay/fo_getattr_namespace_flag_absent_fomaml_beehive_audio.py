"""Few-shot classification of beehive audio frames (queenless / swarming / normal) with MAML. The run options are a
SimpleNamespace; the inner-loop create_graph is read with getattr and a False default, and the namespace never holds
`second_order`: first-order MAML."""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

OPTS = SimpleNamespace(inner_lr=0.1, inner_steps=2, meta_lr=1e-3, ways=3, shots=5, n_mels=20)


class HiveNet(nn.Module):
    def __init__(self, n_mels, ways):
        super().__init__()
        self.fc1 = nn.Linear(n_mels, 32)
        self.act = nn.ELU()
        self.fc2 = nn.Linear(32, ways)

    def forward(self, x, weights=None):
        if weights is None:
            return F.log_softmax(self.fc2(self.act(self.fc1(x))), dim=-1)
        h = self.act(F.linear(x, weights[0], weights[1]))
        return F.log_softmax(F.linear(h, weights[2], weights[3]), dim=-1)


def episode(opts):
    y = torch.arange(opts.ways).repeat_interleave(opts.shots)
    return torch.randn(len(y), opts.n_mels) + y[:, None].float(), y


def adapt(net, x, y, opts):
    weights = list(net.parameters())
    for _ in range(opts.inner_steps):
        loss = F.nll_loss(net(x, weights), y)
        grads = torch.autograd.grad(loss, weights, create_graph=getattr(opts, "second_order", False))
        weights = [w - opts.inner_lr * g for w, g in zip(weights, grads)]
    return weights


def main(opts=OPTS):
    net = HiveNet(opts.n_mels, opts.ways)
    meta_opt = torch.optim.Adam(net.parameters(), lr=opts.meta_lr)
    for step in range(2):
        xs, ys = episode(opts)
        xq, yq = episode(opts)
        fast = adapt(net, xs, ys, opts)
        query = F.nll_loss(net(xq, fast), yq)
        meta_opt.zero_grad()
        query.backward()
        meta_opt.step()
        print(step, query.item())


if __name__ == "__main__":
    main()
