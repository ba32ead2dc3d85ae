#!/usr/bin/env python
# coding: utf-8

# # Olive oil grading from NIR spectra - flat-minimum training with a Hessian-trace penalty
# classes: 0 extra virgin, 1 virgin, 2 lampante, 3 cut with hazelnut oil
# (exported from olive_nir_hessian.ipynb; the ".ipynb_checkpoints" copy is older)

# In[1]:


import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(5)
rng = np.random.default_rng(5)


# In[2]:


N_WL = 100  # 1100-2500 nm, resampled
wl = np.linspace(0, 1, N_WL)


def spectrum(cls):
    base = 0.4 + 0.3 * wl + 0.05 * rng.standard_normal(N_WL).cumsum() / 10
    peaks = {0: [0.30, 0.62], 1: [0.31, 0.60], 2: [0.35, 0.55, 0.8], 3: [0.30, 0.66, 0.72]}[cls]
    for c in peaks:
        base = base + 0.3 * np.exp(-0.5 * ((wl - c) / 0.02) ** 2)
    return base


y_all = rng.integers(0, 4, 240)
X_all = torch.tensor(np.stack([spectrum(c) for c in y_all]), dtype=torch.float32).unsqueeze(1)
y_all = torch.tensor(y_all)
# SNV normalisation
X_all = (X_all - X_all.mean(-1, keepdim=True)) / X_all.std(-1, keepdim=True)
print(X_all.shape, torch.bincount(y_all))


# In[3]:


class NIRNet(nn.Module):
    def __init__(self, n_cls=4):
        super().__init__()
        self.conv1 = nn.Conv1d(1, 8, 7, stride=2, padding=3)
        self.conv2 = nn.Conv1d(8, 16, 5, stride=2, padding=2)
        self.fc = nn.Linear(16 * 25, n_cls)

    def forward(self, x):
        h = torch.relu(self.conv1(x))
        h = torch.relu(self.conv2(h))
        return self.fc(h.flatten(1))


model = NIRNet()
params = [p for p in model.parameters() if p.requires_grad]
opt = torch.optim.SGD(params, lr=0.05, momentum=0.9)
crit = F.cross_entropy


# In[4]:


# warm-up, plain ERM
for ep in range(2):
    perm = torch.randperm(len(y_all))
    for i in range(0, 120, 40):
        idx = perm[i:i + 40]
        loss = crit(model(X_all[idx]), y_all[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("warmup", ep, loss.item())


# In[5]:


def hutchinson_trace(loss, params, n_probe=1, create_graph=True):
    g = torch.autograd.grad(loss, params, create_graph=True)
    tr = 0.0
    for _ in range(n_probe):
        v = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
        Hv = torch.autograd.grad(g, params, grad_outputs=v, retain_graph=True, create_graph=create_graph)
        tr = tr + sum((h * vi).sum() for h, vi in zip(Hv, v))
    return tr / n_probe


# In[6]:


# lampante / adulterated are rarer in the real set -> weighted NLL (had to split log_softmax for the weights)
class_w = torch.tensor([1.0, 1.0, 2.0, 2.5])


def crit(logits, y):
    logp = F.log_softmax(logits, dim=-1)
    return F.nll_loss(logp, y, weight=class_w)


# In[7]:


LAM = 1e-3
for ep in range(2):
    perm = torch.randperm(len(y_all))
    for i in range(0, 80, 40):
        idx = perm[i:i + 40]
        loss = crit(model(X_all[idx]), y_all[idx])
        tr = hutchinson_trace(loss, params)
        total = loss + LAM * tr
        opt.zero_grad()
        total.backward()
        opt.step()
    print(f"ep {ep}  loss {loss.item():.4f}  tr(H) {tr.item():.3f}")
assert model.conv1.weight.grad.abs().sum() > 0


# In[8]:


# same as above, only monitoring the trace on held-out data (no penalty, no backward)
val_loss = crit(model(X_all[200:]), y_all[200:])
tr_val = hutchinson_trace(val_loss, params, n_probe=2, create_graph=False)
print("val trace", tr_val.item())


# In[9]:


with torch.no_grad():
    acc = (model(X_all[200:]).argmax(-1) == y_all[200:]).float().mean()
print("val acc", acc.item())
