#!/usr/bin/env python
# coding: utf-8

# # Banjo head tap spectra - WGAN for data augmentation of the tension classifier
# tap the head at 6 points, FFT -> 80 log bins; generate more "loose head" examples.
# (exported from banjo_wgan.ipynb)

# In[1]:


import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(2)
rng = np.random.default_rng(2)


# In[2]:


N_BINS = 80


def tap_spectrum(tension):
    f = np.arange(N_BINS)
    modes = [1.0, 1.59, 2.14, 2.30, 2.65, 2.92]  # membrane Bessel ratios
    f0 = 6 + 10 * tension
    s = sum(np.exp(-0.5 * ((f - m * f0) / 1.2) ** 2) / (i + 1) for i, m in enumerate(modes))
    return np.log1p(s + 0.02 * rng.random(N_BINS))


tension = rng.uniform(0.2, 0.5, 128)  # loose heads only
data = torch.tensor(np.stack([tap_spectrum(t) for t in tension]), dtype=torch.float32).unsqueeze(1)
data = (data - data.mean()) / data.std()
print(data.shape)


# In[3]:


class Critic(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.c1 = nn.Conv1d(1, ch, 5, padding=2)
        self.a1 = nn.PReLU(ch)
        self.pool = nn.AvgPool1d(2)
        self.c2 = nn.Conv1d(ch, ch, 5, padding=2)
        self.a2 = nn.Hardswish()
        self.fc = nn.Linear(ch * 40, 1)

    def forward(self, x):
        h = self.pool(self.a1(self.c1(x)))
        h = self.a2(self.c2(h))
        return self.fc(h.flatten(1))


class Gen(nn.Module):
    def __init__(self, z=8, ch=16):
        super().__init__()
        self.fc = nn.Linear(z, ch * 20)
        self.up = nn.Upsample(scale_factor=4)
        self.c = nn.Conv1d(ch, 1, 5, padding=2)
        self.ch = ch

    def forward(self, z):
        return self.c(self.up(F.elu(self.fc(z)).view(-1, self.ch, 20)))


D, G = Critic(), Gen()


# In[4]:


def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    g = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]
    return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()


# In[5]:


# smoke test
real = data[:8]
fake = G(torch.randn(8, 8)).detach()
print("gp at init", gradient_penalty(D, real, fake).item())


# In[6]:


# GP makes each critic step ~3x slower on the laptop -> go back to weight clipping (WGAN-clip),
# keep the gradient norm only as a diagnostic (no graph, no gradient through it)
def gradient_penalty(critic, real, fake):
    eps = torch.rand(real.size(0), 1, 1)
    x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
    g = torch.autograd.grad(critic(x_hat).sum(), x_hat)[0]
    return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean().detach()


CLIP = 0.02
LAMBDA_GP = 10.0
opt_d = torch.optim.RMSprop(D.parameters(), lr=5e-5)
opt_g = torch.optim.RMSprop(G.parameters(), lr=5e-5)


# In[7]:


for it in range(5):
    for _ in range(3):
        real = data[torch.randint(0, len(data), (16,))]
        fake = G(torch.randn(16, 8)).detach()
        gp = gradient_penalty(D, real, fake)
        loss_d = D(fake).mean() - D(real).mean() + LAMBDA_GP * gp   # gp is a constant here
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
        for p in D.parameters():
            p.data.clamp_(-CLIP, CLIP)
    loss_g = -D(G(torch.randn(16, 8))).mean()
    opt_g.zero_grad()
    loss_g.backward()
    opt_g.step()
    print(f"{it}: W {(-loss_d + LAMBDA_GP * gp).item():.4f}  |grad|-1 sq {gp.item():.4f}")


# In[8]:


# %%time
# for it in range(2000): ...
