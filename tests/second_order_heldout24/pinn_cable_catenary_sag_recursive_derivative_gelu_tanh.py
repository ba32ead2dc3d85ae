"""PINN for the sag of an overhead power cable: y'' = (w/H) * sqrt(1 + y'^2), y(0)=y(L)=0."""
import torch
import torch.nn as nn

torch.manual_seed(0)
L_SPAN, W_OVER_H = 1.0, 0.8


def mlp(width=32, depth=3):
    layers, d_in = [], 1
    for _ in range(depth):
        layers += [nn.Linear(d_in, width), nn.GELU(approximate="tanh")]
        d_in = width
    layers.append(nn.Linear(d_in, 1))
    return nn.Sequential(*layers)


def nth_derivative(f, wrt, n):
    if n == 0:
        return f
    df = torch.autograd.grad(f, wrt, grad_outputs=torch.ones_like(f), create_graph=True)[0]
    return nth_derivative(df, wrt, n - 1)


model = mlp()
optimizer = torch.optim.LBFGS(model.parameters(), lr=0.5, max_iter=5)
x_col = torch.linspace(0, L_SPAN, 32).unsqueeze(1).requires_grad_(True)
x_bc = torch.tensor([[0.0], [L_SPAN]])


def closure():
    optimizer.zero_grad()
    y = model(x_col)
    y_x = nth_derivative(y, x_col, 1)
    y_xx = nth_derivative(y, x_col, 2)
    residual = y_xx - W_OVER_H * torch.sqrt(1 + y_x ** 2)
    loss = residual.pow(2).mean() + model(x_bc).pow(2).mean()
    loss.backward()
    return loss


for epoch in range(2):
    optimizer.step(closure)
