#!/usr/bin/env python
# coding: utf-8

# # Candle melt pool - 1D heat conduction in paraffin below the wick (PINN)
# u(x, t): normalised wax temperature, x = depth below the pool surface, t = burn time.
# u_t = d/dx(k(u) u_x) with k(u) = ALPHA * (1 - 0.3 tanh(4 (u - 1/2)))
# u(0, t) = 1 (molten surface),  u(1, t) = 0 (cold wax),  u(x, 0) = exp(-x / 0.1)
# Exported notebook - cells were run top to bottom.

# In[1]:


import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


# In[2]:


def collocation(n):
    x = torch.rand(n, 1)
    t = torch.rand(n, 1)
    return torch.cat([x, t], dim=1)


X_f = collocation(256)
t_b = torch.rand(64, 1)
X_top = torch.cat([torch.zeros_like(t_b), t_b], 1)
X_bot = torch.cat([torch.ones_like(t_b), t_b], 1)
x_i = torch.rand(64, 1)
X_ini = torch.cat([x_i, torch.zeros_like(x_i)], 1)
u_ini = torch.exp(-x_i / 0.1)
print(X_f.shape, X_top.shape, X_ini.shape)


# In[3]:


class WaxPINN(nn.Module):
    def __init__(self, width=32, depth=3):
        super().__init__()
        layers = [nn.Linear(2, width), nn.SELU()]
        for _ in range(depth - 1):
            layers += [nn.Linear(width, width), nn.SELU()]
        layers += [nn.Linear(width, 1)]
        self.net = nn.Sequential(*layers)

    def forward(self, X):
        return self.net(X)


# In[4]:


m = WaxPINN()
with torch.no_grad():
    print(m(X_f[:3]).squeeze())


# In[5]:


def pde_residual(model, X):
    X = X.clone().requires_grad_(True)
    u = model(X)
    du = torch.autograd.grad(u.sum(), X, create_graph=True)[0]
    u_x = torch.narrow(du, 1, 0, 1)
    u_t = torch.narrow(du, 1, 1, 1)
    flux = conductivity(u) * u_x  # conservative form, k depends on melt state
    flux_x = torch.autograd.grad(flux.sum(), X, create_graph=True)[0][:, :1]
    return u_t - flux_x


def conductivity(u):
    # liquid paraffin conducts ~30% less than the solid; ALPHA set in the cell with the material constants
    return ALPHA * (1.0 - 0.3 * torch.tanh(4.0 * (u - 0.5)))


# In[6]:


# paraffin: k ~ 0.25 W/mK, rho ~ 900, c ~ 2900 -> nondimensionalised with L = 2 cm, T = 10 min
ALPHA = 0.25 / (900 * 2900) * 600 / 0.02 ** 2
print("ALPHA", ALPHA)
loss_fn = F.smooth_l1_loss


# In[7]:


# SELU was slow to converge on the boundary layer -> fourier features + tanh-GELU (smooth 2nd derivative)
class WaxPINN(nn.Module):
    def __init__(self, width=32, n_freq=8):
        super().__init__()
        self.register_buffer("B", torch.randn(2, n_freq) * 2.0)
        self.fc1 = nn.Linear(2 * n_freq, width)
        self.fc2 = nn.Linear(width, width)
        self.out = nn.Linear(width, 1)

    def forward(self, X):
        proj = 2 * math.pi * X @ self.B
        h = torch.cat([torch.sin(proj), torch.cos(proj)], dim=-1)
        h = F.gelu(self.fc1(h), approximate="tanh")
        h = torch.tanh(self.fc2(h))
        return self.out(h)


# In[8]:


del m
model = WaxPINN()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
w = {"pde": 1.0, "bc": 10.0, "ic": 10.0}


# In[9]:


t0 = time.time()
for it in range(5):
    r = pde_residual(model, X_f)
    l_pde = loss_fn(r, torch.zeros_like(r))
    l_bc = (model(X_top) - 1).pow(2).mean() + model(X_bot).pow(2).mean()
    l_ic = (model(X_ini) - u_ini).pow(2).mean()
    loss = w["pde"] * l_pde + w["bc"] * l_bc + w["ic"] * l_ic
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"{it}: pde {l_pde.item():.3e} bc {l_bc.item():.3e} ic {l_ic.item():.3e}")
assert model.fc1.weight.grad.abs().sum() > 0
print(f"{time.time() - t0:.2f}s")


# In[10]:


if False:
    # Stefan problem with a moving melt front s(t): second net for the front position
    front = nn.Sequential(nn.Linear(1, 16), nn.Hardswish(), nn.Linear(16, 1))
    s = front(t_b)
    ds = torch.autograd.grad(s.sum(), t_b, create_graph=True)[0]


# In[11]:


with torch.no_grad():
    xs = torch.linspace(0, 1, 5).unsqueeze(1)
    for tt in (0.0, 0.5, 1.0):
        print(tt, model(torch.cat([xs, torch.full_like(xs, tt)], 1)).squeeze().numpy().round(3))
