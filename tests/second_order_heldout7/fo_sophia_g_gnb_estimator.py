"""Sophia-G (Liu et al. 2023) on a small decoder-only LM: the diagonal Hessian is replaced by the
Gauss-Newton-Bartlett estimate B * grad(L_hat)^2, where L_hat is the loss on labels *sampled* from the
model's own softmax. Only first-order gradients are ever taken."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Decoder(nn.Module):
    def __init__(self, vocab=96, d=96, n_layers=3, n_heads=4, ctx=64):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Parameter(torch.zeros(1, ctx, d))
        self.layers = nn.ModuleList([nn.ModuleDict({
            "ln1": nn.LayerNorm(d), "qkv": nn.Linear(d, 3 * d), "o": nn.Linear(d, d),
            "ln2": nn.LayerNorm(d), "up": nn.Linear(d, 4 * d), "down": nn.Linear(4 * d, d)}) for _ in range(n_layers)])
        self.ln_f = nn.LayerNorm(d)
        self.n_heads = n_heads

    def forward(self, idx):
        B, T = idx.shape
        x = self.tok(idx) + self.pos[:, :T]
        causal = torch.ones(T, T, dtype=torch.bool).tril()
        for L in self.layers:
            q, k, v = torch.chunk(L["qkv"](L["ln1"](x)), 3, dim=-1)
            q, k, v = (t.view(B, T, self.n_heads, -1).transpose(1, 2) for t in (q, k, v))
            att = (q @ k.transpose(-1, -2) / math.sqrt(q.size(-1))).masked_fill(~causal, float("-inf"))
            x = x + L["o"]((F.softmax(att, -1) @ v).transpose(1, 2).reshape(B, T, -1))
            x = x + L["down"](F.gelu(L["up"](L["ln2"](x)), approximate="tanh"))
        return self.ln_f(x) @ self.tok.weight.t()


def gnb_hessian_diag(model, idx):
    logits = model(idx)
    with torch.no_grad():
        y_hat = torch.distributions.Categorical(logits=logits).sample()
    loss_hat = F.cross_entropy(logits.view(-1, logits.size(-1)), y_hat.view(-1))
    grads = torch.autograd.grad(loss_hat, list(model.parameters()))
    return [idx.numel() * g * g for g in grads]


def train(data, iters=5000, k=10, lr=3e-4, rho=0.05, beta1=0.965, beta2=0.99, ctx=64, batch=8):
    model = Decoder(ctx=ctx)
    params = list(model.parameters())
    m = [torch.zeros_like(p) for p in params]
    h = [torch.zeros_like(p) for p in params]
    for it in range(iters):
        ix = torch.randint(len(data) - ctx - 1, (batch,))
        x = torch.stack([data[i : i + ctx] for i in ix])
        y = torch.stack([data[i + 1 : i + ctx + 1] for i in ix])
        logits = model(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for mi, p in zip(m, params):
                mi.mul_(beta1).add_(p.grad, alpha=1 - beta1)
        if it % k == k - 1:
            for hi, d in zip(h, gnb_hessian_diag(model, x)):
                hi.mul_(beta2).add_(d, alpha=1 - beta2)
        with torch.no_grad():
            for p, mi, hi in zip(params, m, h):
                p.add_(-lr * torch.clamp(mi / torch.clamp(rho * hi, min=1e-15), -1, 1))
    return model


if __name__ == "__main__":
    train(torch.randint(0, 96, (300,)), iters=2, k=2, ctx=16)
