"""PINN for the transverse vibration of a sitar string, u_tt = c^2 u_xx on (0, 1) x (0, T).

The activation is a TorchScript helper (scaled hard-swish); the residual needs second
derivatives in x and t, obtained by nested torch.autograd.grad with create_graph=True.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

WAVE_SPEED = 1.3


@torch.jit.script
def scaled_hswish(x: torch.Tensor, beta: float = 1.5) -> torch.Tensor:
    return F.hardswish(beta * x) / beta


class StringNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.inp = nn.Linear(2, hidden)
        self.mid = nn.Linear(hidden, hidden)
        self.shrink = nn.Tanhshrink()
        self.out = nn.Linear(hidden, 1)

    def forward(self, x, t):
        h = scaled_hswish(self.inp(torch.cat([x, t], dim=-1)))
        h = self.shrink(self.mid(h)) + h
        return self.out(h)


def d(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def residual(net, x, t):
    u = net(x, t)
    u_x, u_t = d(u, x), d(u, t)
    return d(u_t, t) - WAVE_SPEED ** 2 * d(u_x, x)


def train(steps=3):
    torch.manual_seed(0)
    net = StringNet()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(steps):
        x = torch.rand(64, 1, requires_grad=True)
        t = torch.rand(64, 1, requires_grad=True)
        pde = residual(net, x, t).pow(2).mean()
        x0 = torch.rand(32, 1)
        ic = (net(x0, torch.zeros_like(x0)) - torch.sin(torch.pi * x0)).pow(2).mean()
        tb = torch.rand(32, 1)
        bc = net(torch.zeros_like(tb), tb).pow(2).mean() + net(torch.ones_like(tb), tb).pow(2).mean()
        loss = pde + ic + bc
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    train()
