import math

import torch
import torch.nn as nn


def rms_norm(x, gain, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * gain


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, n_heads, max_len):
        super().__init__()
        self.n_heads, self.dh = n_heads, d_model // n_heads
        self.w_qkv = nn.Parameter(torch.randn(d_model, 3 * d_model) / math.sqrt(d_model))
        self.w_o = nn.Parameter(torch.randn(d_model, d_model) / math.sqrt(d_model))
        self.register_buffer("mask", torch.triu(torch.full((max_len, max_len), float("-inf")), diagonal=1))

    def forward(self, x):
        b, t, d = x.shape
        qkv = (x @ self.w_qkv).view(b, t, 3, self.n_heads, self.dh).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.dh) + self.mask[:t, :t]
        out = scores.softmax(-1) @ v
        return out.transpose(1, 2).reshape(b, t, d) @ self.w_o


class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.w1 = nn.Parameter(torch.randn(d_model, d_ff) / math.sqrt(d_model))
        self.w2 = nn.Parameter(torch.randn(d_ff, d_model) / math.sqrt(d_ff))
        self.act = nn.PReLU(init=0.1)

    def forward(self, x):
        return self.act(x @ self.w1) @ self.w2


class Block(nn.Module):
    def __init__(self, d_model, n_heads, d_ff, max_len):
        super().__init__()
        self.g_att = nn.Parameter(torch.ones(d_model))
        self.g_ff = nn.Parameter(torch.ones(d_model))
        self.att = CausalSelfAttention(d_model, n_heads, max_len)
        self.ff = FeedForward(d_model, d_ff)

    def forward(self, x):
        x = x + self.att(rms_norm(x, self.g_att))
        return x + self.ff(rms_norm(x, self.g_ff))
