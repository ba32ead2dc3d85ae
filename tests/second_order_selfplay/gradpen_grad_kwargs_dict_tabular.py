"""Input-gradient penalty (double backprop) for a credit-limit regressor; the autograd options are kept in a dict
and splatted into torch.autograd.grad (`**GRAD_OPTS`)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

GRAD_OPTS = dict(create_graph=True, retain_graph=True)


class LimitNet(nn.Module):
    def __init__(self, d=10):
        super().__init__()
        self.fc1 = nn.Linear(d, 32)
        self.act1 = nn.ELU()
        self.fc2 = nn.Linear(32, 32)
        self.act2 = nn.SELU()
        self.out = nn.Linear(32, 1)

    def forward(self, x):
        return self.out(self.act2(self.fc2(self.act1(self.fc1(x)))))


net = LimitNet()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for step in range(2):
    x = torch.randn(64, 10).requires_grad_(True)
    y = torch.randn(64, 1)
    pred = net(x)
    fit = F.mse_loss(pred, y)
    (gx,) = torch.autograd.grad(fit, x, **GRAD_OPTS)
    loss = fit + 0.01 * gx.pow(2).sum(dim=1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
