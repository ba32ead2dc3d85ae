#!/usr/bin/env python
# coding: utf-8

# # Which panel sessions drive the stickiness model? Influence functions on texture-analyser curves
# (two-bite compression curves of nigiri rice, 48 samples each -> panel stickiness score 1..9)
# Exported from influence_rice.ipynb. utils.py / models.py are next to the notebook.

# In[1]:


import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

import utils
from models import TextureNet

torch.manual_seed(8)
np.random.seed(8)


# In[2]:


def compression_curve(amylopectin, water, n=48):
    t = np.linspace(0, 1, n)
    bite1 = np.exp(-((t - 0.25) / 0.08) ** 2) * (1 + water)
    adhesion = -0.3 * amylopectin * np.exp(-((t - 0.45) / 0.04) ** 2)
    bite2 = 0.8 * np.exp(-((t - 0.7) / 0.08) ** 2) * (1 + water)
    return bite1 + adhesion + bite2 + 0.03 * np.random.randn(n)


amy = np.random.uniform(0.6, 1.0, 120)
wat = np.random.uniform(0.0, 0.4, 120)
X = torch.tensor(np.stack([compression_curve(a, w) for a, w in zip(amy, wat)]), dtype=torch.float32).unsqueeze(1)
y = torch.tensor(1 + 8 * (amy - 0.6) / 0.4 + np.random.randn(120) * 0.3, dtype=torch.float32)
print(X.shape, y[:5])


# In[3]:


def train_loss():
    # reads X_tr / y_tr / criterion from the split cell below
    return criterion(model(X_tr), y_tr)


# In[4]:


X_tr, y_tr = X[:100], y[:100]
X_te, y_te = X[100:], y[100:]
criterion = nn.SmoothL1Loss(beta=0.5)   # panel scores have a few wild outliers
model = TextureNet()
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for ep in range(30):
    loss = train_loss()
    opt.zero_grad()
    loss.backward()
    opt.step()
print("train loss", loss.item())
params = [p for p in model.parameters() if p.requires_grad]


# In[5]:


# finite-difference HVP - no double backward, much faster on the laptop
def hvp(loss, params, v, eps=1e-3):
    with torch.no_grad():
        for p, vi in zip(params, v):
            p.add_(eps * vi)
    g_plus = torch.autograd.grad(train_loss(), params)
    with torch.no_grad():
        for p, vi in zip(params, v):
            p.sub_(2 * eps * vi)
    g_minus = torch.autograd.grad(train_loss(), params)
    with torch.no_grad():
        for p, vi in zip(params, v):
            p.add_(eps * vi)
    return [(a - b) / (2 * eps) for a, b in zip(g_plus, g_minus)]


t0 = time.time()
v0 = [torch.randn_like(p) for p in params]
hv_fd = hvp(train_loss(), params, v0)
print("fd hvp", f"{time.time() - t0:.3f}s", utils.flat(hv_fd).norm().item())


# In[6]:


# FD was too noisy for LiSSA (diverged at depth 10) -> back to the exact one
from utils import hvp

hv_exact = hvp(train_loss(), params, v0)
print("exact vs fd", (utils.flat(hv_exact) - utils.flat(hv_fd)).norm().item())


# In[7]:


test_idx = 3
test_loss = F.mse_loss(model(X_te[test_idx:test_idx + 1]), y_te[test_idx:test_idx + 1])
v_test = torch.autograd.grad(test_loss, params)
s_test = utils.lissa(train_loss, params, v_test, hvp, depth=8)
print("|s_test|", utils.flat(s_test).norm().item())


# In[8]:


scores = []
for i in range(0, 100, 10):
    li = criterion(model(X_tr[i:i + 1]), y_tr[i:i + 1])
    gi = torch.autograd.grad(li, params)
    scores.append(-(utils.flat(gi) @ utils.flat(s_test)).item())
print("influence of sessions 0,10,..:", np.round(scores, 4))
assert np.isfinite(scores).all()
