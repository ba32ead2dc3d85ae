"""Transformer LM training with gradient clipping and per-step gradient-norm logging (create_graph=False)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyLM(nn.Module):
    def __init__(self, vocab=1000, dim=64, heads=4, layers=2):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, 4 * dim, activation="gelu", batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        mask = torch.triu(torch.full((ids.shape[1], ids.shape[1]), float("-inf")), diagonal=1)
        return self.head(self.encoder(self.tok(ids), mask=mask))


def train(batches, steps=1000, clip=1.0, log_every=50):
    model = TinyLM()
    opt = torch.optim.AdamW(model.parameters(), lr=5e-4)
    params = [p for p in model.parameters() if p.requires_grad]
    for step, ids in zip(range(steps), batches):
        logits = model(ids[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ids[:, 1:].reshape(-1))
        if step % log_every == 0:
            grads = torch.autograd.grad(loss, params, retain_graph=True, create_graph=False)
            gnorm = torch.sqrt(sum(g.pow(2).sum() for g in grads))
            print(f"step {step} loss {loss.item():.3f} ppl {math.exp(loss.item()):.1f} |g| {gnorm.item():.3f}")
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
        opt.step()
