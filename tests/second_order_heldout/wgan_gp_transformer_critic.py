"""WGAN-GP for sequence embeddings with a small transformer critic."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, n, self.heads, -1).transpose(1, 2)
        k = k.view(b, n, self.heads, -1).transpose(1, 2)
        v = v.view(b, n, self.heads, -1).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(q.size(-1))
        att = F.softmax(att, dim=-1)
        out = (att @ v).transpose(1, 2).reshape(b, n, d)
        return self.proj(out)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(
            nn.Linear(dim, 4 * dim),
            nn.GELU(approximate="tanh"),
            nn.Linear(4 * dim, dim),
        )

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class SeqCritic(nn.Module):
    def __init__(self, dim=64, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        return self.head(self.blocks(x).mean(dim=1))


class SeqGenerator(nn.Module):
    def __init__(self, nz=32, dim=64, length=16):
        super().__init__()
        self.length, self.dim = length, dim
        self.net = nn.Sequential(nn.Linear(nz, 256), nn.GELU(), nn.Linear(256, length * dim))

    def forward(self, z):
        return self.net(z).view(-1, self.length, self.dim)


def wgan_gp_step(critic, gen, real, opt_c, gp_weight=10.0):
    z = torch.randn(real.size(0), 32)
    fake = gen(z).detach()
    t = torch.rand(real.size(0), 1, 1)
    x_hat = (t * real + (1 - t) * fake).requires_grad_()
    c_hat = critic(x_hat)
    grad = torch.autograd.grad(c_hat, x_hat, torch.ones_like(c_hat), create_graph=True)[0]
    penalty = ((grad.reshape(grad.size(0), -1).norm(dim=1) - 1) ** 2).mean()
    loss = critic(fake).mean() - critic(real).mean() + gp_weight * penalty
    opt_c.zero_grad()
    loss.backward()
    opt_c.step()
