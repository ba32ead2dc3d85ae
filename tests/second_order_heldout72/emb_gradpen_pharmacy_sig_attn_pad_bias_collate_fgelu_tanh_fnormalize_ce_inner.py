"""Route-of-administration / frequency classifier for pharmacy 'sig' lines ("take 1 tab po bid prn pain").

Robustness trick from adversarial-text work: penalise the gradient of the classification loss with
respect to the *embedding outputs* (the token ids themselves are integers and cannot be differentiated).
The encoder is a single pre-LN self-attention block whose key-padding bias is built in the collate fn.
"""
import argparse
import math
import random
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

ABBREV = ["take", "tab", "cap", "po", "bid", "tid", "qid", "qhs", "prn", "pain", "apply", "topically",
          "instill", "gtt", "ou", "od", "inhale", "puffs", "q4h", "daily", "with", "food", "1", "2", "ml"]
CLASSES = ["oral_scheduled", "oral_prn", "topical", "ophthalmic", "inhaled"]


@dataclass
class Cfg:
    dim: int = 32
    heads: int = 4
    gp_weight: float = 0.5
    steps: int = 5
    batch: int = 16
    lr: float = 2e-3


def make_sig(rng):
    c = rng.randrange(len(CLASSES))
    base = {0: ["take", "1", "tab", "po", rng.choice(["bid", "tid", "daily"])],
            1: ["take", "2", "cap", "po", "q4h", "prn", "pain"],
            2: ["apply", "topically", rng.choice(["bid", "daily"])],
            3: ["instill", "1", "gtt", rng.choice(["ou", "od"]), "qid"],
            4: ["inhale", "2", "puffs", "q4h", "prn"]}[c]
    if rng.random() < 0.3:
        base = base + ["with", "food"]
    return base, c


def collate(batch, vocab):
    T = max(len(t) for t, _ in batch)
    ids = torch.zeros(len(batch), T, dtype=torch.long)
    for i, (toks, _) in enumerate(batch):
        ids[i, : len(toks)] = torch.tensor([vocab[w] for w in toks])
    pad = ids.eq(0)
    attn_bias = torch.zeros(len(batch), 1, 1, T).masked_fill(pad[:, None, None, :], -1e4)
    pool_w = (~pad).float() / (~pad).float().sum(1, keepdim=True)
    y = torch.tensor([c for _, c in batch])
    return ids, attn_bias, pool_w, y


class SigEncoder(nn.Module):
    def __init__(self, vocab_size, cfg):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, cfg.dim, padding_idx=0)
        self.pos = nn.Parameter(torch.randn(16, cfg.dim) * 0.02)
        self.ln1 = nn.LayerNorm(cfg.dim)
        self.qkv = nn.Linear(cfg.dim, 3 * cfg.dim)
        self.proj = nn.Linear(cfg.dim, cfg.dim)
        self.ln2 = nn.LayerNorm(cfg.dim)
        self.fc1 = nn.Linear(cfg.dim, 2 * cfg.dim)
        self.fc2 = nn.Linear(2 * cfg.dim, cfg.dim)
        self.prototypes = nn.Parameter(torch.randn(len(CLASSES), cfg.dim))
        self.heads = cfg.heads
        self.scale = 10.0

    def embed(self, ids):
        return self.tok(ids) + self.pos[: ids.size(1)]

    def forward_from_embeddings(self, e, attn_bias, pool_w):
        B, T, D = e.shape
        h = self.ln1(e)
        q, k, v = self.qkv(h).view(B, T, 3, self.heads, D // self.heads).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-1, -2)) / math.sqrt(D // self.heads) + attn_bias
        ctx = (att.softmax(-1) @ v).transpose(1, 2).reshape(B, T, D)
        e = e + self.proj(ctx)
        e = e + self.fc2(F.gelu(self.fc1(self.ln2(e)), approximate="tanh"))
        pooled = (e * pool_w.unsqueeze(-1)).sum(1)
        z = F.normalize(pooled, dim=-1)
        return self.scale * z @ self.prototypes.t()


def train(cfg):
    rng = random.Random(1)
    torch.manual_seed(1)
    vocab = {w: i + 1 for i, w in enumerate(ABBREV)}
    model = SigEncoder(len(vocab) + 1, cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        ids, attn_bias, pool_w, y = collate([make_sig(rng) for _ in range(cfg.batch)], vocab)
        e = model.embed(ids)
        logits = model.forward_from_embeddings(e, attn_bias, pool_w)
        task = F.cross_entropy(logits, y)
        (g_e,) = torch.autograd.grad(task, e, create_graph=True)
        gp = g_e.pow(2).sum(dim=(1, 2)).mean()
        loss = task + cfg.gp_weight * gp
        opt.zero_grad()
        loss.backward()
        assert model.fc1.weight.grad is not None and model.prototypes.grad.abs().sum() > 0
        opt.step()
        print(f"step {step}: ce={task.item():.4f} emb_gp={gp.item():.5f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--gp-weight", type=float, default=Cfg.gp_weight)
    a = ap.parse_args()
    train(Cfg(gp_weight=a.gp_weight))
