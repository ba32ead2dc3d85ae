"""Sediment-core porosity regression trained with a curvature-adapted step size.

Each step uses the direction -g and the step length (g.g)/(g.Hg), where Hg is a vector-Hessian
product from torch.autograd.functional.vhp of the loss as a function of the parameters.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import vhp
from torch.func import functional_call


def build_regressor(n_in=8, width=24):
    return nn.Sequential(
        nn.Linear(n_in, width),
        nn.LayerNorm(width),
        nn.Softshrink(0.1),
        nn.Linear(width, 1),
    )


class CurvatureStep:
    def __init__(self, model, max_lr=0.5):
        self.model = model
        self.names = [n for n, _ in model.named_parameters()]
        self.max_lr = max_lr

    def loss_of(self, x, y):
        def fn(*flat):
            out = functional_call(self.model, dict(zip(self.names, flat)), (x,))
            return F.smooth_l1_loss(out, y, beta=0.2)
        return fn

    def __call__(self, x, y):
        params = tuple(p.detach() for p in self.model.parameters())
        fn = self.loss_of(x, y)
        loss = fn(*params)
        grads = torch.autograd.grad(fn(*(p.requires_grad_(True) for p in params)), params)
        _, hg = vhp(fn, params, grads)
        ghg = sum((g * h).sum() for g, h in zip(grads, hg))
        gg = sum(g.pow(2).sum() for g in grads)
        lr = (gg / ghg.clamp_min(1e-8)).clamp(max=self.max_lr)
        with torch.no_grad():
            for p, g in zip(self.model.parameters(), grads):
                p -= lr * g
        return loss.item(), lr.item()


def main():
    torch.manual_seed(0)
    model = build_regressor()
    stepper = CurvatureStep(model)
    depth_logs = torch.randn(32, 8)
    porosity = torch.sigmoid(depth_logs[:, :1] - 0.5 * depth_logs[:, 1:2])
    for it in range(3):
        print(it, stepper(depth_logs, porosity))


if __name__ == "__main__":
    main()
