"""Tiny code-completion LM: gradient-norm logging and clipping only (first order)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(approximate="tanh"), nn.Linear(4 * d, d))

    def forward(self, x):
        return x + self.ff(self.ln(x))


class TinyLM(nn.Module):
    def __init__(self, vocab=50, d=32):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.blocks = nn.Sequential(Block(d), Block(d))
        self.out = nn.Linear(d, vocab)

    def forward(self, idx):
        return self.out(self.blocks(self.tok(idx)))


model = TinyLM()
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
for step in range(3):
    idx = torch.randint(0, 50, (4, 16))
    logits = model(idx[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, 50), idx[:, 1:].reshape(-1))
    opt.zero_grad(set_to_none=True)
    loss.backward()
    total = torch.norm(torch.stack([p.grad.norm(2) for p in model.parameters() if p.grad is not None]), 2)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    print(step, loss.item(), total.item())
