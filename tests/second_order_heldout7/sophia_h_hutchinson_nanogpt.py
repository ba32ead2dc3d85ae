"""Sophia-H (Liu et al. 2023) on a character-level nanoGPT: every k steps the diagonal Hessian of the LM
loss w.r.t. all weights is re-estimated with Hutchinson's estimator u * (H u), u ~ Rademacher, and the
update is a clipped ratio of the gradient EMA to the Hessian EMA."""
import math

import torch
import torch.nn as nn
from torch.nn import functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.n_head = n_head
        self.register_buffer("mask", torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = torch.chunk(self.c_attn(x), 3, dim=-1)
        q, k, v = (t.view(B, T, self.n_head, C // self.n_head).transpose(1, 2) for t in (q, k, v))
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.mask[:, :, :T, :T] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class MLP(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd)
        self.c_proj = nn.Linear(4 * n_embd, n_embd)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, block_size)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = MLP(n_embd)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, vocab=65, block_size=64, n_layer=4, n_head=4, n_embd=128):
        super().__init__()
        self.wte = nn.Embedding(vocab, n_embd)
        self.wpe = nn.Embedding(block_size, n_embd)
        self.h = nn.ModuleList([Block(n_embd, n_head, block_size) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)
        self.lm_head = nn.Linear(n_embd, vocab, bias=False)

    def forward(self, idx, targets):
        pos = torch.arange(idx.size(1))
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        logits = self.lm_head(self.ln_f(x))
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


@torch.no_grad()
def sophia_step(params, grad_ema, hess_ema, lr=1e-4, rho=0.04, wd=0.1, bs=480):
    for p, m, h in zip(params, grad_ema, hess_ema):
        p.mul_(1 - lr * wd)
        ratio = (m.abs() / (rho * bs * h + 1e-15)).clamp(max=1.0)
        p.addcmul_(m.sign(), ratio, value=-lr)


def hutchinson_diag(model, params, x, y):
    loss = model(x, y)
    grads = torch.autograd.grad(loss, params, create_graph=True)
    us = [torch.randint_like(p, 2) * 2 - 1 for p in params]
    hvps = torch.autograd.grad(grads, params, grad_outputs=us)
    return [u * hv for u, hv in zip(us, hvps)]


def train(data, iters=2000, k=10, beta1=0.965, beta2=0.99, block=64, batch=8):
    model = GPT(block_size=block)
    params = [p for p in model.parameters() if p.requires_grad]
    m = [torch.zeros_like(p) for p in params]
    h = [torch.zeros_like(p) for p in params]
    for it in range(iters):
        ix = torch.randint(len(data) - block - 1, (batch,))
        x = torch.stack([data[i : i + block] for i in ix])
        y = torch.stack([data[i + 1 : i + 1 + block] for i in ix])
        loss = model(x, y)
        grads = torch.autograd.grad(loss, params)
        m = [beta1 * mi + (1 - beta1) * g for mi, g in zip(m, grads)]
        if it % k == k - 1:
            h = [beta2 * hi + (1 - beta2) * d for hi, d in zip(h, hutchinson_diag(model, params, x, y))]
        sophia_step(params, m, h)
    return model


if __name__ == "__main__":
    train(torch.randint(0, 65, (400,)), iters=2, k=2, block=16)
