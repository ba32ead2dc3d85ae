"""1D shallow-water PINN (dam break): h_t + (hu)_x = 0, with a viscous term nu * h_xx."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
nu = 0.01


class PINN(nn.Module):
    def __init__(self, layers=(2, 32, 32, 2)):
        super().__init__()
        self.linears = nn.ModuleList([nn.Linear(a, b) for a, b in zip(layers[:-1], layers[1:])])

    def forward(self, x, t):
        a = torch.cat([x, t], dim=1)
        for lin in self.linears[:-1]:
            a = F.gelu(lin(a), approximate="tanh")
        return self.linears[-1](a)


def residual(model, x, t):
    hu = model(x, t)
    h, u = hu[:, :1], hu[:, 1:]
    h_t = torch.autograd.grad(h, t, torch.ones_like(h), create_graph=True)[0]
    h_x = torch.autograd.grad(h, x, torch.ones_like(h), create_graph=True)[0]
    h_xx = torch.autograd.grad(h_x, x, torch.ones_like(h_x), create_graph=True)[0]
    q_x = torch.autograd.grad(h * u, x, torch.ones_like(h), create_graph=True)[0]
    return h_t + q_x - nu * h_xx


model = PINN()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
x_f = torch.tensor(np.random.uniform(-1, 1, (64, 1)), dtype=torch.float32, requires_grad=True)
t_f = torch.tensor(np.random.uniform(0, 1, (64, 1)), dtype=torch.float32, requires_grad=True)
x0 = torch.linspace(-1, 1, 32).view(-1, 1)
h0 = torch.where(x0 < 0, torch.full_like(x0, 2.0), torch.ones_like(x0))

for epoch in range(3):
    optimizer.zero_grad()
    f = residual(model, x_f, t_f)
    pred0 = model(x0, torch.zeros_like(x0))
    loss = torch.mean(f ** 2) + torch.mean((pred0[:, :1] - h0) ** 2) + torch.mean(pred0[:, 1:] ** 2)
    loss.backward()
    optimizer.step()
    print(f"epoch {epoch} loss {loss.item():.4e}")
