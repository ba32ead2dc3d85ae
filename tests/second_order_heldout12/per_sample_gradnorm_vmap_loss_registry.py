"""Per-sample gradient-norm penalty for a battery state-of-health regressor, with torch.func:
vmap(grad(...)) over a loss chosen from a registry. Penalising ||g_i|| smooths the fit."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

LOSSES = {
    "mse": F.mse_loss,
    "huber": lambda pred, tgt: F.huber_loss(pred, tgt, delta=0.5),
    "smooth_l1": functools.partial(F.smooth_l1_loss, beta=0.2),
}


class SoHNet(nn.Module):
    def __init__(self, d=12):
        super().__init__()
        self.l1, self.l2, self.l3 = nn.Linear(d, 32), nn.Linear(32, 32), nn.Linear(32, 1)

    def forward(self, x):
        h = F.logsigmoid(self.l1(x))
        h = torch.tanh(self.l2(h))
        return self.l3(h).squeeze(-1)


def make_sample_loss(model, loss_name):
    loss_fn = LOSSES[loss_name]

    def sample_loss(params, x, y):
        pred = functional_call(model, params, (x.unsqueeze(0),))
        return loss_fn(pred, y.unsqueeze(0))

    return sample_loss


def train(loss_name="smooth_l1", steps=2, rho=0.1):
    model = SoHNet()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    sample_loss = make_sample_loss(model, loss_name)
    per_sample_grads = vmap(grad(sample_loss), in_dims=(None, 0, 0))
    for step in range(steps):
        x, y = torch.randn(16, 12), torch.rand(16)
        params = dict(model.named_parameters())
        gs = per_sample_grads(params, x, y)
        norms = torch.sqrt(sum(g.flatten(1).pow(2).sum(1) for g in gs.values()) + 1e-12)
        fit = LOSSES[loss_name](model(x), y)
        loss = fit + rho * norms.mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, fit.item(), norms.mean().item())


if __name__ == "__main__":
    train("smooth_l1")
