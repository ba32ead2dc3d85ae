"""Heat conduction in a kettle wall: u_t = alpha u_xx, learned with a PINN-style residual.

The residual derivatives can be taken with autograd (CFG["exact_derivs"]) or with central finite
differences on a stencil around each collocation point; this experiment uses finite differences.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {"alpha": 0.1, "exact_derivs": False, "h": 1e-2, "width": 16, "steps": 3, "n_col": 64}


class WallNet(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(2, width)
        self.fc2 = nn.Linear(width, width)
        self.fc3 = nn.Linear(width, 1)

    def forward(self, x, t):
        h = F.group_norm(self.fc1(torch.cat([x, t], 1)), 4)
        h = F.hardswish(self.fc2(h))
        return self.fc3(h)


def residual_autograd(net, x, t):
    x, t = x.requires_grad_(True), t.requires_grad_(True)
    u = net(x, t)
    u_x, u_t = torch.autograd.grad(u.sum(), (x, t), create_graph=True)
    (u_xx,) = torch.autograd.grad(u_x.sum(), x, create_graph=True)
    return u_t - CFG["alpha"] * u_xx


def residual_fd(net, x, t):
    h = CFG["h"]
    u = net(x, t)
    u_xx = (net(x + h, t) - 2 * u + net(x - h, t)) / h ** 2
    u_t = (net(x, t + h) - net(x, t - h)) / (2 * h)
    return u_t - CFG["alpha"] * u_xx


def main():
    torch.manual_seed(0)
    net = WallNet(CFG["width"])
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    residual = residual_autograd if CFG["exact_derivs"] else residual_fd
    for step in range(CFG["steps"]):
        x, t = torch.rand(CFG["n_col"], 1), torch.rand(CFG["n_col"], 1)
        x0 = torch.rand(32, 1)
        ic = net(x0, torch.zeros_like(x0)) - torch.sin(torch.pi * x0)
        loss = residual(net, x, t).pow(2).mean() + ic.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
