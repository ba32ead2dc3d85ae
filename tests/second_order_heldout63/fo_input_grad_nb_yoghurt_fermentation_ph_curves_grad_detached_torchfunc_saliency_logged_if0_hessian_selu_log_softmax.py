#!/usr/bin/env python
# coding: utf-8

# # Yoghurt fermentation pH curves -> starter culture (4 strains), with an input-gradient smoothness term
# 60 pH readings over 6 h per batch. Exported from yoghurt_ph.ipynb (kernel restarted + run all).

# In[1]:


import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

torch.manual_seed(17)
rng = np.random.default_rng(17)


# In[2]:


T = 60
STRAINS = ["thermophilus-A", "thermophilus-B", "bulgaricus", "mixed"]


def ph_curve(strain):
    t = np.linspace(0, 6, T)
    lag = [1.0, 1.4, 0.7, 1.1][strain]
    rate = [1.2, 0.9, 1.6, 1.3][strain]
    ph_end = [4.5, 4.6, 4.2, 4.4][strain]
    ph = 6.6 - (6.6 - ph_end) / (1 + np.exp(-rate * (t - lag - 1.5)))
    return ph + 0.02 * rng.standard_normal(T)


y_np = rng.integers(0, 4, 160)
X = torch.tensor(np.stack([ph_curve(s) for s in y_np]), dtype=torch.float32)
X = (X - 5.5) / 0.8
Y = torch.tensor(y_np)
print(X.shape)


# In[3]:


class PhNet(nn.Module):
    def __init__(self, n_cls=4):
        super().__init__()
        self.fc1 = nn.Linear(T, 48)
        self.act = nn.SELU()
        self.fc2 = nn.Linear(48, n_cls)

    def forward(self, x):
        return F.log_softmax(self.fc2(self.act(self.fc1(x))), dim=-1)


model = PhNet()
opt = torch.optim.Adam(model.parameters(), lr=2e-3)
hp = {"lam_ig": 0.1, "epochs": 3, "bs": 32}


# In[4]:


def input_grad_penalty(x, y):
    x = x.clone().requires_grad_(True)
    nll = F.nll_loss(model(x), y)
    gx = torch.autograd.grad(nll, x, create_graph=True)[0]
    # OOM on the 2k-curve set with the full graph -> treat the gradient as a fixed weight
    gx = gx.detach()
    return gx.pow(2).sum(1).mean()


# In[5]:


for ep in range(hp["epochs"]):
    perm = torch.randperm(len(Y))
    for i in range(0, len(Y), hp["bs"]):
        idx = perm[i:i + hp["bs"]]
        logp = model(X[idx])
        loss = F.nll_loss(logp, Y[idx]) + hp["lam_ig"] * input_grad_penalty(X[idx], Y[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(ep, round(loss.item(), 4))


# In[6]:


# saliency: which part of the curve matters? (per-sample, torch.func, frozen weights)
frozen = {k: v.detach() for k, v in model.named_parameters()}


def logp_true(x, y):
    logp = functional_call(model, frozen, (x.unsqueeze(0),))[0]
    return (logp * (torch.arange(logp.numel()) == y)).sum()  # logp[y] is not vmap-able


sal = vmap(grad(logp_true))(X[:16], Y[:16])
print("saliency peak at hour", (sal.abs().mean(0).argmax().item() / T * 6))


# In[7]:


if 0:
    # curvature penalty on the parameters (needs ~30 GB for the full set)
    loss = F.nll_loss(model(X), Y)
    g = torch.autograd.grad(loss, list(model.parameters()), create_graph=True)
    (sum(gi.pow(2).sum() for gi in g)).backward()


# In[8]:


with torch.no_grad():
    acc = (model(X).argmax(-1) == Y).float().mean().item()
print("train acc", acc)
assert sal.shape == (16, T)
