"""Reptile (Nichol et al., 2018) for few-shot identification of the bird species occupying a nest box
from its temperature trace. The inner loop is ordinary SGD on a deep copy of the model; the meta update
moves the initial weights towards the adapted ones. No gradient of a gradient is taken.
"""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

WAYS, SHOTS, LEN = 3, 4, 48
INNER_STEPS, INNER_LR, META_LR = 4, 0.02, 0.5


class NestNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(LEN, hidden), nn.PReLU(hidden), nn.Linear(hidden, hidden), nn.PReLU(hidden))
        self.head = nn.Linear(hidden, WAYS)

    def forward(self, x):
        return F.log_softmax(self.head(self.body(x)), dim=-1)


def nest_task():
    t = torch.linspace(0, 1, LEN)
    visits = torch.rand(WAYS) * 10 + 2
    y = torch.arange(WAYS).repeat(SHOTS)
    x = 0.5 * torch.sin(2 * torch.pi * visits[y, None] * t) + 0.1 * torch.randn(len(y), LEN)
    return x, y


def inner_train(model, x, y):
    fast = copy.deepcopy(model)
    opt = torch.optim.SGD(fast.parameters(), lr=INNER_LR)
    for _ in range(INNER_STEPS):
        loss = F.nll_loss(fast(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return fast, loss.item()


def main():
    torch.manual_seed(0)
    model = NestNet()
    for it in range(3):
        x, y = nest_task()
        fast, last = inner_train(model, x, y)
        with torch.no_grad():
            for p, q in zip(model.parameters(), fast.parameters()):
                p.add_(META_LR * (q - p))
        print(f"meta-iter {it} inner loss {last:.3f}")


if __name__ == "__main__":
    main()
