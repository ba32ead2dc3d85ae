#!/usr/bin/env python
# coding: utf-8

# # Icebreaker bow strain gauges -> ice regime (open water / level ice / ridge / rubble)
# Input-gradient regularisation (per-sample, torch.func) so the classifier is smooth in the strain signal.
# Research notebook exported with nbconvert; ran on the laptop CPU.

# In[1]:


import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

torch.manual_seed(21)
np.random.seed(21)


# In[2]:


WIN = 64
REGIMES = ["open", "level", "ridge", "rubble"]


def strain_window(regime):
    t = np.linspace(0, 1, WIN)
    if regime == 0:
        s = 0.05 * np.random.randn(WIN)
    elif regime == 1:
        s = 0.4 + 0.1 * np.sin(40 * t) + 0.05 * np.random.randn(WIN)
    elif regime == 2:
        s = 0.3 + 1.2 * np.exp(-((t - np.random.rand()) / 0.05) ** 2) + 0.05 * np.random.randn(WIN)
    else:
        s = 0.5 + 0.4 * np.abs(np.random.randn(WIN)).cumsum() / WIN * 4 + 0.1 * np.random.randn(WIN)
    return s


labels = np.random.randint(0, 4, 200)
X = torch.tensor(np.stack([strain_window(r) for r in labels]), dtype=torch.float32).unsqueeze(1)
Y = torch.tensor(labels)
print(X.shape, np.bincount(labels))


# In[3]:


class IceNet(nn.Module):
    def __init__(self, n_cls=4, ch=16):
        super().__init__()
        self.conv1 = nn.Conv1d(1, ch, 7, padding=3)
        self.norm1 = nn.GroupNorm(4, ch)
        self.conv2 = nn.Conv1d(ch, ch, 5, padding=2, stride=2)
        self.act = nn.Softsign()
        self.head = nn.Linear(ch, n_cls)

    def forward(self, x):
        h = self.act(self.norm1(self.conv1(x)))
        h = self.act(self.conv2(h))
        return self.head(h.mean(-1))


model = IceNet()
print(sum(p.numel() for p in model.parameters()))


# In[4]:


def per_sample_loss(params, buffers, x, y):
    logits = functional_call(model, (params, buffers), (x.unsqueeze(0),))
    return F.cross_entropy(logits, y.unsqueeze(0), label_smoothing=0.1)


with torch.no_grad():
    p0 = {k: v.detach() for k, v in model.named_parameters()}
    b0 = dict(model.named_buffers())
    print("sanity", per_sample_loss(p0, b0, X[0], Y[0]).item())


# In[5]:


# label smoothing in the per-sample loss did not behave under vmap+grad in the old torch on the cluster;
# write the smoothed target explicitly and use KL (same optimum)
def per_sample_loss(params, buffers, x, y):
    logits = functional_call(model, (params, buffers), (x.unsqueeze(0),))
    logp = F.log_softmax(logits, dim=-1)
    target = soft_targets(y)
    return F.kl_div(logp, target, reduction="batchmean")


def soft_targets(y):
    onehot = (torch.arange(N_CLS) == y).float().unsqueeze(0)  # F.one_hot is not vmap-able
    return onehot * (1 - EPS_LS) + EPS_LS / N_CLS


# In[6]:


N_CLS = len(REGIMES)
EPS_LS = 0.1
LAMBDA_IG = 0.5
opt = torch.optim.Adam(model.parameters(), lr=3e-3)
input_grad = vmap(grad(per_sample_loss, argnums=2), in_dims=(None, None, 0, 0))


# In[7]:


for step in range(4):
    idx = torch.randint(0, len(Y), (24,))
    xb, yb = X[idx], Y[idx]
    params = dict(model.named_parameters())
    buffers = dict(model.named_buffers())
    gx = input_grad(params, buffers, xb, yb)           # (B, 1, WIN), differentiable w.r.t. params
    pen = gx.pow(2).sum(dim=(1, 2)).mean()
    task = F.cross_entropy(model(xb), yb)
    loss = task + LAMBDA_IG * pen
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: task {task.item():.4f}  ||dL/dx||^2 {pen.item():.4e}")
assert model.norm1.weight.grad is not None and model.conv1.weight.grad.abs().sum() > 0


# In[8]:


# LAMBDA_IG = 0.0   # ablation: no input-grad penalty
# for step in range(200): ...
