#!/usr/bin/env python
# coding: utf-8

# # Didgeridoo drone spectra - WGAN-GP toy
# Generate log-magnitude spectra of sustained drones (circular breathing sessions, 64 bins).
# Exported from `drone_wgan.ipynb` (nbconvert --to script). Clean up later.

# In[1]:


import math
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(7)
np.random.seed(7)
device = "cpu"


# In[2]:


N_BINS = 64
N_SESSIONS = 96
BATCH = 16
Z_DIM = 12


def synth_drone_spectrum(f0, n_bins=N_BINS):
    # harmonic comb with formant bumps from the player's vocal tract
    k = np.arange(n_bins)
    comb = sum(np.exp(-0.5 * ((k - h * f0) / 0.9) ** 2) / h for h in range(1, 8))
    formant = 0.6 * np.exp(-0.5 * ((k - 0.45 * n_bins) / 4.0) ** 2)
    return np.log1p(comb + formant + 0.05 * np.random.rand(n_bins))


raw = np.stack([synth_drone_spectrum(f0) for f0 in np.random.uniform(4.0, 8.0, N_SESSIONS)])
spectra = torch.tensor(raw, dtype=torch.float32).unsqueeze(1)  # (N, 1, 64)
print(spectra.shape)


# In[3]:


# smooth the spectra a little (reflect at the edges) - data prep only
with torch.no_grad():
    padded = F.pad(spectra, (2, 2), mode="reflect")
    spectra = padded.unfold(-1, 5, 1).mean(-1)
    spectra = (spectra - spectra.mean()) / spectra.std()
print(spectra.shape, float(spectra.mean()))


# In[4]:


class Generator(nn.Module):
    def __init__(self, z_dim=Z_DIM):
        super().__init__()
        self.fc = nn.Linear(z_dim, 32 * 16)
        self.up = nn.Upsample(scale_factor=4, mode="nearest")
        self.conv = nn.Conv1d(32, 1, 5, padding=2)

    def forward(self, z):
        h = torch.relu(self.fc(z)).view(-1, 32, 16)
        return self.conv(self.up(h))


# In[5]:


class Critic(nn.Module):
    # first try: leaky relu + fixed avg pooling
    def __init__(self, ch=24):
        super().__init__()
        self.c1 = nn.Conv1d(1, ch, 5, padding=2)
        self.c2 = nn.Conv1d(ch, ch, 5, padding=2)
        self.act = nn.LeakyReLU(0.2)
        self.pool = nn.AvgPool1d(4)
        self.out = nn.Linear(ch * 16, 1)

    def forward(self, x):
        h = self.act(self.c1(x))
        h = self.pool(self.act(self.c2(h)))
        return self.out(h.flatten(1))


# In[6]:


critic = Critic()
with torch.no_grad():
    print("critic v1 out", critic(spectra[:4]).shape)
# display(critic)
print(sum(p.numel() for p in critic.parameters()))


# In[7]:


del critic  # too many params for the head, see below


# In[8]:


# v2: global pooling so the head does not depend on the number of bins; relu6 per Slack thread
class Critic(nn.Module):
    def __init__(self, ch=24):
        super().__init__()
        self.c1 = nn.Conv1d(1, ch, 5, padding=2)
        self.c2 = nn.Conv1d(ch, 2 * ch, 5, padding=2, stride=2)
        self.act = nn.ReLU6()
        self.gap = nn.AdaptiveAvgPool1d(1)
        self.out = nn.Linear(2 * ch, 1)

    def forward(self, x):
        h = self.act(self.c1(x))
        h = self.act(self.c2(h))
        return self.out(self.gap(h).squeeze(-1))


# In[9]:


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1, 1)
    x_hat = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    score = critic(x_hat)
    g, = torch.autograd.grad(score.sum(), x_hat, create_graph=True)
    return ((g.flatten(1).norm(dim=1) - 1.0) ** 2).mean()


# In[10]:


G = Generator()
D = Critic()
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.0, 0.9))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.0, 0.9))
LAMBDA_GP = 10.0
N_CRITIC = 3


# In[11]:


t0 = time.time()
history = []
for it in range(4):
    for _ in range(N_CRITIC):
        idx = torch.randint(0, spectra.size(0), (BATCH,))
        real = spectra[idx]
        fake = G(torch.randn(BATCH, Z_DIM)).detach()
        gp = gradient_penalty(D, real, fake)
        loss_d = D(fake).mean() - D(real).mean() + LAMBDA_GP * gp
        opt_d.zero_grad()
        loss_d.backward()
        opt_d.step()
    loss_g = -D(G(torch.randn(BATCH, Z_DIM))).mean()
    opt_g.zero_grad()
    loss_g.backward()
    opt_g.step()
    history.append((loss_d.item(), gp.item(), loss_g.item()))
    print(f"it {it}  D {loss_d.item():+.3f}  gp {gp.item():.3f}  G {loss_g.item():+.3f}")

assert D.c1.weight.grad is not None and D.c1.weight.grad.abs().sum() > 0
print("done in %.1fs" % (time.time() - t0))


# In[12]:


# with torch.no_grad():
#     samples = G(torch.randn(8, Z_DIM))
#     plt.plot(samples[0, 0]); plt.show()
