#!/usr/bin/env python
# coding: utf-8

# ## Tulip breaking virus - colour-break petal patches, small StyleGAN-ish D with R1
# scratch notebook, exported with `jupyter nbconvert --to script r1_tulips.ipynb`

# In[1]:


import random
import torch
import torch.nn as nn
import torch.nn.functional as F

random.seed(3)
torch.manual_seed(3)


# In[2]:


hp = {
    "res": 16,
    "batch": 12,
    "z": 16,
    "lr": 2e-4,
    "r1_gamma": 10.0,
    "aug": True,
    "steps": 4,
}


# In[3]:


act = nn.SiLU  # default activation for the D blocks


# In[4]:


class DBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.a1 = act()
        self.a2 = act()
        self.down = nn.AvgPool2d(2)

    def forward(self, x):
        h = self.a1(self.conv1(x))
        h = self.a2(self.conv2(h))
        return self.down(h)


class Disc(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.stem = nn.Conv2d(3, ch, 1)
        self.b1 = DBlock(ch, 2 * ch)
        self.b2 = DBlock(2 * ch, 2 * ch)
        self.head = nn.Linear(2 * ch * (hp["res"] // 4) ** 2, 1)

    def forward(self, x):
        h = self.b2(self.b1(self.stem(x)))
        return self.head(h.flatten(1))


class Gen(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(hp["z"], ch * 4 * 4)
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, ch, 3, padding=1), nn.ReLU(),
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh(),
        )

    def forward(self, z):
        return self.body(self.fc(z).view(-1, self.ch, 4, 4))


# In[5]:


def fake_petals(n, res=16):
    # white/yellow petal background with purple flames (the "break")
    base = torch.stack([torch.full((res, res), 0.9), torch.full((res, res), 0.8), torch.full((res, res), 0.3)])
    imgs = base.repeat(n, 1, 1, 1)
    yy = torch.linspace(-1, 1, res).view(res, 1)
    for i in range(n):
        k = random.uniform(2.0, 6.0)
        flame = (torch.sin(k * yy + random.random() * 6) > 0.4).float().expand(res, res)
        imgs[i, 0] -= 0.3 * flame
        imgs[i, 2] += 0.5 * flame
    return imgs * 2 - 1


data = fake_petals(64, hp["res"])
print(data.shape, data.min().item(), data.max().item())


# In[6]:


def augment(x):
    # translation via grid_sample, ADA-lite
    theta = torch.eye(2, 3).repeat(x.size(0), 1, 1)
    theta[:, :, 2] = (torch.rand(x.size(0), 2) - 0.5) * 0.25
    grid = F.affine_grid(theta, x.shape, align_corners=False)
    return F.grid_sample(x, grid, padding_mode="reflection", align_corners=False)


# In[7]:


def r1_penalty(D, real):
    real = real.detach().requires_grad_(True)
    out = D(real)
    g, = torch.autograd.grad(out.sum(), real, create_graph=True)
    return g.pow(2).flatten(1).sum(1).mean(), out


# In[8]:


hp["aug"] = False   # ADA made it worse at 16px, turn off
hp["r1_gamma"] = 2.0  # 10 was too strong for this res


# In[9]:


act = nn.Hardswish  # try hardswish (cheaper than silu on the edge device)


# In[10]:


D = Disc()
G = Gen()
opt_d = torch.optim.Adam(D.parameters(), lr=hp["lr"], betas=(0.0, 0.99))
opt_g = torch.optim.Adam(G.parameters(), lr=hp["lr"], betas=(0.0, 0.99))
print(D.b1.a1)


# In[11]:


for step in range(hp["steps"]):
    real = data[torch.randint(0, data.size(0), (hp["batch"],))]
    if hp["aug"]:
        real = augment(real)
    fake = G(torch.randn(hp["batch"], hp["z"])).detach()

    r1, d_real = r1_penalty(D, real)
    d_fake = D(fake)
    loss_d = F.binary_cross_entropy_with_logits(d_real, torch.ones_like(d_real)) + \
        F.binary_cross_entropy_with_logits(d_fake, torch.zeros_like(d_fake)) + 0.5 * hp["r1_gamma"] * r1
    opt_d.zero_grad()
    loss_d.backward()
    opt_d.step()

    d_gen = D(G(torch.randn(hp["batch"], hp["z"])))
    loss_g = F.softplus(-d_gen).mean()
    opt_g.zero_grad()
    loss_g.backward()
    opt_g.step()
    print(f"step {step}: D {loss_d.item():.4f} R1 {r1.item():.3e} G {loss_g.item():.4f}")

assert D.b1.conv1.weight.grad is not None
print("ok")
