"""PINN for steady heat conduction in a pin fin: T'' - m^2 T = 0, T(0)=1, T'(L)=0."""
import torch
import torch.nn as nn
import torch.nn.functional as F

M2 = 4.0


class FinNet(nn.Module):
    def __init__(self, width=32, depth=3):
        super().__init__()
        self.inp = nn.Linear(1, width)
        self.hidden = nn.ModuleList([nn.Linear(width, width) for _ in range(depth)])
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = F.elu(self.inp(x))
        for lin in self.hidden:
            h = F.elu(lin(h))
        return self.out(h)


def derivative(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


model = FinNet()
optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=2)


def closure():
    optimizer.zero_grad()
    x = torch.rand(64, 1, requires_grad=True)
    T = model(x)
    T_x = derivative(T, x)
    T_xx = derivative(T_x, x)
    pde = ((T_xx - M2 * T) ** 2).mean()
    x0 = torch.zeros(1, 1)
    xL = torch.ones(1, 1, requires_grad=True)
    bc = (model(x0) - 1.0).pow(2).mean() + derivative(model(xL), xL).pow(2).mean()
    loss = pde + bc
    loss.backward()
    return loss


for epoch in range(2):
    optimizer.step(closure)
