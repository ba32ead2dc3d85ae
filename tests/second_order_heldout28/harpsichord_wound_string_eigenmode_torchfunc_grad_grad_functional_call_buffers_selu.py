"""Fundamental mode of a wound harpsichord string with non-uniform linear density.

    T u''(x) + lam * mu(x) u(x) = 0 on [0, 1],  u(0) = u(1) = 0,  int mu u^2 = 1

u is a small network with a hard boundary factor x (1 - x); lam is learned jointly.
u'' is obtained with torch.func: vmap(grad(grad(u))) over collocation points, with the
network evaluated through functional_call on (parameters, buffers).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

TENSION = 1.0


def density(x):
    # wound section near the bridge is 3x heavier
    return 1.0 + 2.0 * torch.sigmoid(40.0 * (x - 0.8))


class ModeNet(nn.Module):
    def __init__(self, hidden=24):
        super().__init__()
        self.register_buffer("x_center", torch.tensor(0.5))
        self.register_buffer("x_scale", torch.tensor(2.0))
        self.l1 = nn.Linear(1, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)

    def forward(self, x):
        z = ((x - self.x_center) * self.x_scale).reshape(-1, 1)
        h = F.selu(self.l1(z))
        h = F.silu(self.l2(h))
        return (x * (1 - x)) * self.l3(h).reshape(x.shape)


class EigenProblem(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = ModeNet()
        self.log_lam = nn.Parameter(torch.tensor(2.0))

    def loss(self, x):
        params = dict(self.net.named_parameters())
        buffers = dict(self.net.named_buffers())

        def u_scalar(xi):
            return functional_call(self.net, (params, buffers), (xi,))

        u = u_scalar(x)
        u_xx = vmap(grad(grad(u_scalar)))(x)
        lam = self.log_lam.exp()
        residual = TENSION * u_xx + lam * density(x) * u
        norm = (density(x) * u ** 2).mean()
        return residual.pow(2).mean() + 10.0 * (norm - 1.0) ** 2, lam


def main():
    torch.manual_seed(0)
    problem = EigenProblem()
    opt = torch.optim.Adam(problem.parameters(), lr=5e-3)
    for it in range(4):
        x = torch.rand(48)
        loss, lam = problem.loss(x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        freq = lam.sqrt().item() / (2 * torch.pi)
        print(f"iter {it} loss {loss.item():.4f} lambda {lam.item():.3f} f0 ~ {freq:.3f}")


if __name__ == "__main__":
    main()
