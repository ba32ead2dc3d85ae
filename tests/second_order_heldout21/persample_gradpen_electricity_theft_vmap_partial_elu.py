# Per-sample input-gradient penalty (double backprop) for an electricity-theft detector on
# daily smart-meter load profiles, written with torch.func: vmap(grad(f)) over the batch.
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

NONLINEARITIES = {
    "relu": F.relu,
    "elu05": functools.partial(F.elu, alpha=0.5),
    "softplus": lambda t: F.softplus(t, beta=2.0),
}


class TheftScorer(nn.Module):
    def __init__(self, nonlin="relu", d=24, h=32):
        super().__init__()
        self.f = NONLINEARITIES[nonlin]
        self.l1 = nn.Linear(d, h)
        self.l2 = nn.Linear(h, 1)

    def forward(self, x):
        return self.l2(self.f(self.l1(x))).squeeze(-1)


model = TheftScorer(nonlin="elu05")
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def score_one(params, x):
    return functional_call(model, params, (x.unsqueeze(0),)).squeeze(0)


input_grad = vmap(grad(score_one, argnums=1), in_dims=(None, 0))
for step in range(3):
    profiles = torch.rand(8, 24)
    is_theft = torch.randint(0, 2, (8,)).float()
    params = dict(model.named_parameters())
    bce = F.binary_cross_entropy(torch.sigmoid(model(profiles)), is_theft)
    g = input_grad(params, profiles)
    penalty = g.pow(2).sum(1).mean()
    loss = bce + 0.1 * penalty
    opt.zero_grad()
    loss.backward()
    opt.step()
