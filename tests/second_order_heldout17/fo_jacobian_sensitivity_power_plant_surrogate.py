"""Sensitivity report of a combined-cycle power-plant surrogate: d(output)/d(ambient inputs) with
torch.autograd.functional.jacobian (first order), after an ordinary MSE fit."""
import torch
import torch.nn as nn
from torch.autograd.functional import jacobian

surrogate = nn.Sequential(nn.Linear(4, 32), nn.ELU(), nn.Linear(32, 32), nn.Hardswish(), nn.Linear(32, 1))
opt = torch.optim.Adam(surrogate.parameters(), lr=1e-3)
x, y = torch.randn(64, 4), torch.randn(64, 1)
for epoch in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(surrogate(x), y)
    loss.backward()
    opt.step()

ambient = torch.tensor([[0.2, -0.1, 0.5, 0.3]])
J = jacobian(lambda a: surrogate(a).sum(), ambient)
print("d power / d (T, V, AP, RH):", J.squeeze().tolist())
