# Wind-farm wake-loss regressor. The input-gradient norm is only *monitored* (sensitivity to upstream
# turbine yaw); double backprop is switched off in the run config, and gradients are clipped.
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class RunCfg:
    double_backprop: bool = True
    clip: float = 1.0
    steps: int = 3


class WakeNet(nn.Module):
    def __init__(self, n_turbines=8):
        super().__init__()
        self.inp = nn.Linear(3 * n_turbines, 128)
        self.gate = nn.GLU()
        self.out = nn.Linear(64, n_turbines)

    def forward(self, x):
        return self.out(self.gate(self.inp(x)))


def input_sensitivity(model, x, create_graph):
    x = x.detach().requires_grad_(True)
    y = model(x).sum()
    g, = torch.autograd.grad(y, x, create_graph=create_graph)
    return g.norm(dim=1).mean()


cfg = RunCfg(double_backprop=False)
net = WakeNet()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for step in range(cfg.steps):
    x, y = torch.randn(32, 24), torch.rand(32, 8)
    loss = F.mse_loss(net(x), y)
    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(net.parameters(), cfg.clip)
    opt.step()
    sens = input_sensitivity(net, x, create_graph=cfg.double_backprop)
    print(step, loss.item(), sens.item())
