"""Physics-informed net for the shallow-ice approximation of a mountain glacier's thickness H(x, t).

H_t = d/dx (D(H) H_x) + b(x), with D(H) = c * H^5 frozen at the surface slope (linearised here).
"""
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)

net = nn.Sequential(
    nn.Linear(2, 48),
    nn.Hardswish(),
    nn.Linear(48, 48),
    nn.Hardswish(),
    nn.Linear(48, 1),
)


def mass_balance(x):
    return 0.3 - 0.6 * x


def residual(xt):
    xt = xt.clone().requires_grad_(True)
    H = net(xt)
    dH = torch.autograd.grad(H, xt, torch.ones_like(H), create_graph=True)[0]
    H_x, H_t = dH[:, :1], dH[:, 1:]
    flux = 0.05 * (1.0 + H ** 2) * H_x
    flux_x = torch.autograd.grad(flux, xt, torch.ones_like(flux), create_graph=True)[0][:, :1]
    return H_t - flux_x - mass_balance(xt[:, :1])


x0 = torch.linspace(0, 1, 32).unsqueeze(1)
ic = torch.cat([x0, torch.zeros_like(x0)], 1)
H0 = torch.from_numpy(np.sqrt(np.clip(1 - x0.numpy() ** 2, 0, None))).float()

opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for epoch in range(3):
    col = torch.rand(128, 2)
    loss_pde = residual(col).pow(2).mean()
    loss_ic = (net(ic) - H0).pow(2).mean()
    loss = loss_pde + 10 * loss_ic
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"epoch {epoch}: pde={loss_pde.item():.3e} ic={loss_ic.item():.3e}")
