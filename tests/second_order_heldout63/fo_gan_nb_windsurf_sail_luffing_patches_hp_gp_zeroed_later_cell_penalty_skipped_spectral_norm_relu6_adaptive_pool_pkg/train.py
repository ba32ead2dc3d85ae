#!/usr/bin/env python
# coding: utf-8

# # Windsurf sail luffing - patch GAN (synthetic luffing examples for the trim-assist classifier)
# exported from sail_gan.ipynb; helpers in utils.py, nets in models.py

# In[1]:


import torch

from models import SailDisc, SailGen
from utils import gradient_penalty, hinge_d, r1, sail_patches

torch.manual_seed(4)


# In[2]:


hp = {"z": 16, "batch": 16, "lr_d": 4e-4, "lr_g": 1e-4, "gp": 10.0, "sn": False, "steps": 4}
real_all = sail_patches(96, luff=True)
print(real_all.shape)


# In[3]:


def d_step(D, G, opt_d, real):
    fake = G(torch.randn(real.size(0), hp["z"])).detach()
    loss = hinge_d(D(real), D(fake))
    if hp["gp"] > 0:
        loss = loss + hp["gp"] * gradient_penalty(D, real, fake)
    opt_d.zero_grad()
    loss.backward()
    opt_d.step()
    return loss.item()


def g_step(D, G, opt_g):
    loss = -D(G(torch.randn(hp["batch"], hp["z"]))).mean()
    opt_g.zero_grad()
    loss.backward()
    opt_g.step()
    return loss.item()


# In[4]:


# GP + hinge was unstable (D loss -> 0 in 200 steps). Switch to spectral norm, no penalty.
hp["gp"] = 0.0
hp["sn"] = True


# In[5]:


D = SailDisc(sn=hp["sn"])
G = SailGen(hp["z"])
opt_d = torch.optim.Adam(D.parameters(), lr=hp["lr_d"], betas=(0.0, 0.9))
opt_g = torch.optim.Adam(G.parameters(), lr=hp["lr_g"], betas=(0.0, 0.9))
for step in range(hp["steps"]):
    real = real_all[torch.randint(0, len(real_all), (hp["batch"],))]
    ld = d_step(D, G, opt_d, real)
    lg = g_step(D, G, opt_g)
    print(f"step {step}: D {ld:.4f}  G {lg:.4f}  gp={hp['gp']}")


# In[6]:


if False:
    # R1 on real only (StyleGAN2 style) - try again after the SN run
    penalty = r1(D, real_all[:8].clone())
    (5.0 * penalty).backward()


# In[7]:


with torch.no_grad():
    fake = G(torch.randn(4, hp["z"]))
print("fake range", fake.min().item(), fake.max().item())
