#!/usr/bin/env python
# coding: utf-8

# # Few-shot climb-rate model per glider pilot (MAML)
# Each task = one pilot's thermalling log: (bank angle, airspeed, thermal core distance) -> climb rate.
# Exported from `sailplane_maml.ipynb`.

# In[1]:


import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

torch.manual_seed(11)


# In[2]:


hp = dict(
    inner_lr=0.05,
    inner_steps=2,
    meta_lr=1e-3,
    meta_batch=4,
    k_shot=8,
    k_query=12,
    first_order=True,   # FOMAML for the quick look
    iters=3,
)


# In[3]:


def sample_pilot_task(k):
    # pilot style: preferred bank, speed-to-fly offset, thermal width
    bank0 = torch.empty(1).uniform_(25, 45)
    v_off = torch.empty(1).uniform_(-5, 5)
    width = torch.empty(1).uniform_(60, 150)
    bank = bank0 + 8 * torch.randn(k, 1)
    speed = 85 + v_off + 6 * torch.randn(k, 1)
    dist = width * torch.rand(k, 1)
    x = torch.cat([bank / 45, (speed - 85) / 10, dist / 100], dim=1)
    sink = 0.6 + 0.002 * (speed - 80) ** 2 + 0.4 / torch.cos(torch.deg2rad(bank))
    lift = 4.0 * torch.exp(-(dist / width) ** 2)
    y = lift - sink + 0.1 * torch.randn(k, 1)
    return x, y


xs, ys = sample_pilot_task(5)
print(xs, ys.T)


# In[4]:


class ClimbNet(nn.Module):
    def __init__(self, hidden=40):
        super().__init__()
        self.l1 = nn.Linear(3, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)
        self.act = nn.Tanh()

    def forward(self, x):
        return self.l3(self.act(self.l2(self.act(self.l1(x)))))


# In[5]:


inner_loss = F.mse_loss


def adapt(model, params, x, y):
    for _ in range(hp["inner_steps"]):
        pred = functional_call(model, params, (x,))
        loss = inner_loss(pred, y)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=not hp["first_order"])
        params = {n: p - hp["inner_lr"] * g for (n, p), g in zip(params.items(), grads)}
    return params


# In[6]:


def meta_step(model, opt):
    opt.zero_grad()
    total = 0.0
    for _ in range(hp["meta_batch"]):
        xs, ys = sample_pilot_task(hp["k_shot"])
        xq, yq = sample_pilot_task(hp["k_query"])
        fast = adapt(model, dict(model.named_parameters()), xs, ys)
        q_loss = F.mse_loss(functional_call(model, fast, (xq,)), yq)
        (q_loss / hp["meta_batch"]).backward()
        total += q_loss.item()
    opt.step()
    return total / hp["meta_batch"]


# In[7]:


net = ClimbNet()
opt = torch.optim.Adam(net.parameters(), lr=hp["meta_lr"])
for it in range(hp["iters"]):
    print("FOMAML", it, round(meta_step(net, opt), 4))


# In[8]:


# tanh saturates on the strong-thermal pilots -> try SELU + a skip (self-normalising, no BN needed)
class ClimbNet(nn.Module):
    def __init__(self, hidden=40):
        super().__init__()
        self.l1 = nn.Linear(3, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)
        self.act = nn.SELU()

    def forward(self, x):
        h = self.act(self.l1(x))
        h = h + self.act(self.l2(h))
        return self.l3(h)


# In[9]:


# gusty logs have outliers -> robust inner loss; and finally proper second-order MAML
inner_loss = F.smooth_l1_loss
hp["first_order"] = False
hp["iters"] = 4


# In[10]:


del net, opt
net = ClimbNet()
opt = torch.optim.Adam(net.parameters(), lr=hp["meta_lr"])
for it in range(hp["iters"]):
    print("MAML", it, round(meta_step(net, opt), 4))
assert net.l1.weight.grad is not None
print(net.act)


# In[11]:


# if False:
#     hp["inner_steps"] = 5
#     for it in range(50): meta_step(net, opt)
