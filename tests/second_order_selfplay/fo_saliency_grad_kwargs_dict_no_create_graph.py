"""Saliency maps of a credit-limit regressor logged during training; the autograd options are kept in a dict and
splatted into torch.autograd.grad, without create_graph: first order."""
import torch
import torch.nn as nn
import torch.nn.functional as F

SALIENCY_OPTS = dict(retain_graph=True, create_graph=False)


class LimitNet(nn.Module):
    def __init__(self, d=10):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 32), nn.ELU(), nn.Linear(32, 32), nn.SELU(), nn.Linear(32, 1))

    def forward(self, x):
        return self.body(x)


net = LimitNet()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for step in range(2):
    x = torch.randn(64, 10).requires_grad_(True)
    y = torch.randn(64, 1)
    fit = F.mse_loss(net(x), y)
    (sal,) = torch.autograd.grad(fit, x, **SALIENCY_OPTS)
    print("saliency", sal.abs().mean(dim=0))
    opt.zero_grad()
    fit.backward()
    opt.step()
