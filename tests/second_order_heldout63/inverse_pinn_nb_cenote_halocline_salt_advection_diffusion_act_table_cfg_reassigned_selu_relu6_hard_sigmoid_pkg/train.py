#!/usr/bin/env python
# coding: utf-8

# # Cenote halocline: infer the vertical salt diffusivity from CTD casts (inverse PINN)
# freshwater lens over intruding seawater; c = salinity fraction, z = normalised depth, t = normalised time
# exported from `cenote_pinn.ipynb` - models.py / utils.py are imported from the same folder

# In[1]:


import time

import torch
import torch.nn.functional as F

from models import HaloclineNet
from utils import adv_diff_residual, ctd_casts

torch.manual_seed(13)


# In[2]:


D_TRUE, W_UP = 0.02, 0.1
z_obs, t_obs, c_obs = ctd_casts(6, 20, D_TRUE, W_UP)
print(z_obs.shape, c_obs.min().item(), c_obs.max().item())


# In[3]:


cfg = {"width": 32, "depth": 3, "act": "tanh"}
hp = {"lr": 3e-3, "w_pde": 1.0, "w_obs": 20.0, "iters": 3}


# In[4]:


def total_loss(net):
    # uses z_f, t_f, log_D from the cells below
    r = adv_diff_residual(net, z_f, t_f, log_D.exp(), W_UP)
    l_pde = F.mse_loss(r, torch.zeros_like(r))
    l_obs = F.mse_loss(net(z_obs, t_obs), c_obs)
    return hp["w_pde"] * l_pde + hp["w_obs"] * l_obs, l_pde, l_obs


# In[5]:


z_f = torch.rand(200, 1, requires_grad=True)
t_f = torch.rand(200, 1, requires_grad=True)
log_D = torch.tensor(-2.0, requires_grad=True)


def fit(net, iters):
    opt = torch.optim.Adam(list(net.parameters()) + [log_D], lr=hp["lr"])
    for it in range(iters):
        loss, l_pde, l_obs = total_loss(net)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"  {it}: pde {l_pde.item():.3e}  obs {l_obs.item():.3e}  D {log_D.exp().item():.4f}")
    return net


# In[6]:


t0 = time.time()
net = fit(HaloclineNet(**cfg), hp["iters"])
print(cfg["act"], f"{time.time() - t0:.1f}s")


# In[7]:


# tanh net under-fits the sharp interface; selu trains faster here
cfg["act"] = "selu"
# cfg["act"] = "hardswish"   # worse, kinks in c_zz
hp["iters"] = 4
with torch.no_grad():
    log_D.fill_(-2.0)


# In[8]:


del net
t0 = time.time()
net = fit(HaloclineNet(**cfg), hp["iters"])
print(cfg["act"], f"{time.time() - t0:.1f}s", "D_hat", log_D.exp().item(), "true", D_TRUE)
assert net.body[0].weight.grad is not None and log_D.grad is not None
