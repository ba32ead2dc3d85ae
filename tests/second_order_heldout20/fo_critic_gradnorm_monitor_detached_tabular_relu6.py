"""Hinge GAN for synthetic insurance claims; the critic's input-gradient norm is only monitored."""
import torch
import torch.nn as nn
import torch.nn.functional as F

G = nn.Sequential(nn.Linear(10, 64), nn.ReLU(), nn.Linear(64, 20))
D = nn.Sequential(nn.Linear(20, 64), nn.ReLU6(), nn.Linear(64, 1))
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.9))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.9))
history = []

for step in range(3):
    real = torch.randn(16, 20)
    fake = G(torch.randn(16, 10))
    real_in = real.detach().clone().requires_grad_(True)
    d_real = D(real_in)
    d_loss = F.relu(1 - d_real).mean() + F.relu(1 + D(fake.detach())).mean()
    opt_d.zero_grad()
    d_loss.backward()
    grad_norm = real_in.grad.detach().flatten(1).norm(dim=1).mean()
    history.append(grad_norm.item())
    opt_d.step()
    g_loss = -D(fake).mean()
    opt_g.zero_grad()
    g_loss.backward()
    opt_g.step()
print(history)
