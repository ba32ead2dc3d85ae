"""PINN for the 1-D Allen-Cahn equation  u_t = eps^2 u_xx - (u^3 - u)  (alloy solidification front).

Derivatives are taken per collocation point with torch.func: u_x and u_xx via grad(grad(.)),
vmapped over the batch, on a functional_call of the network.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

EPS = 0.05


class FieldNet(nn.Module):
    def __init__(self, width=20):
        super().__init__()
        self.fc_in = nn.Linear(2, width)
        self.fc_mid = nn.Linear(width, width)
        self.squash = nn.Tanh()
        self.fc_out = nn.Linear(width, 1)

    def forward(self, xt):
        h = F.gelu(self.fc_in(xt), approximate="tanh")
        h = self.squash(self.fc_mid(h))
        return self.fc_out(h).squeeze(-1)


def residual_fn(model):
    def u(params, x, t):
        return functional_call(model, params, (torch.stack([x, t]),))

    u_x = grad(u, argnums=1)
    u_xx = grad(u_x, argnums=1)
    u_t = grad(u, argnums=2)

    def res(params, x, t):
        val = u(params, x, t)
        return u_t(params, x, t) - EPS ** 2 * u_xx(params, x, t) + val ** 3 - val

    return vmap(res, in_dims=(None, 0, 0))


def main():
    torch.manual_seed(0)
    model = FieldNet()
    res = residual_fn(model)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(3):
        params = dict(model.named_parameters())
        x, t = torch.rand(32) * 2 - 1, torch.rand(32)
        x0 = torch.rand(16) * 2 - 1
        ic = model(torch.stack([x0, torch.zeros(16)], 1)) - x0 ** 2 * torch.cos(torch.pi * x0)
        loss = res(params, x, t).pow(2).mean() + 10 * ic.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    main()
