"""Heat-equation PINN whose activation class is looked up by name on torch.nn (`getattr(nn, ACT)()`), as many
scientific-ML codes take it from a command-line flag."""
import torch
import torch.nn as nn

ACT = "Hardswish"
WIDTH = 32


class HeatNet(nn.Module):
    def __init__(self, act_name=ACT, width=WIDTH):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(2, width),
            getattr(nn, act_name)(),
            nn.Linear(width, width),
            getattr(nn, act_name)(),
            nn.Linear(width, 1),
        )

    def forward(self, x, t):
        return self.body(torch.cat([x, t], dim=1))


def residual(net, x, t, alpha=0.1):
    x.requires_grad_(True)
    t.requires_grad_(True)
    u = net(x, t)
    u_t, u_x = torch.autograd.grad(u.sum(), (t, x), create_graph=True)
    u_xx = torch.autograd.grad(u_x.sum(), x, create_graph=True)[0]
    return u_t - alpha * u_xx


net = HeatNet()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for it in range(2):
    x = torch.rand(64, 1)
    t = torch.rand(64, 1)
    loss = residual(net, x, t).pow(2).mean() + (net(x, torch.zeros_like(t)) - torch.sin(3.1416 * x)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
