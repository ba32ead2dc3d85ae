import torch
import torch.nn as nn

from hyper import INNER_ITERS, INNER_STEP, SECOND_ORDER


class FlareNet(nn.Module):
    def __init__(self, d=6):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 16), nn.SELU(), nn.Linear(16, 1))

    def forward(self, x):
        return self.body(x)


def fast_weights(net, x, y):
    weights = list(net.parameters())
    for _ in range(INNER_ITERS):
        pred = torch.func.functional_call(net, dict(zip([n for n, _ in net.named_parameters()], weights)), (x,))
        loss = (pred - y).pow(2).mean()
        grads = torch.autograd.grad(loss, weights, create_graph=SECOND_ORDER)
        weights = [w - INNER_STEP * g for w, g in zip(weights, grads)]
    return weights
