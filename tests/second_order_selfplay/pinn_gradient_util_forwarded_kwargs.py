"""Allen-Cahn PINN with a small autograd utility (`gradient(y, x, **kwargs)`) in the style of DeepXDE-like codes:
create_graph is given where the utility is called, not where torch.autograd.grad is written."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def gradient(y, x, **kwargs):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), **kwargs)[0]


class PhaseField(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.l1 = nn.Linear(2, width)
        self.l2 = nn.Linear(width, width)
        self.l3 = nn.Linear(width, 1)

    def forward(self, xt):
        h = F.gelu(self.l1(xt), approximate="tanh")
        h = torch.tanh(self.l2(h))
        return self.l3(h)


net = PhaseField()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
eps = 0.01
for it in range(2):
    xt = torch.rand(128, 2).requires_grad_(True)
    u = net(xt)
    du = gradient(u, xt, create_graph=True)
    u_x, u_t = du[:, :1], du[:, 1:]
    u_xx = gradient(u_x, xt, create_graph=True)[:, :1]
    res = u_t - eps * u_xx + u ** 3 - u
    loss = res.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
