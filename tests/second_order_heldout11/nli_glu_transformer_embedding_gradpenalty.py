"""Robust NLI fine-tuning: cross-entropy + lambda * ||d loss / d embeddings||^2 (double backprop on the
token embeddings, Ross & Doshi-Velez style, applied to a small GLU-FFN transformer)."""
import torch
from torch import nn
import torch.nn.functional as F


class GLUFeedForward(nn.Module):
    def __init__(self, d, mult=2):
        super().__init__()
        self.proj_in = nn.Linear(d, 2 * mult * d)
        self.gate = nn.GLU(dim=-1)
        self.proj_out = nn.Linear(mult * d, d)

    def forward(self, x):
        return self.proj_out(self.gate(self.proj_in(x)))


class Block(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.o = nn.Linear(d, d)
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.ff = GLUFeedForward(d)

    def attend(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-1, -2)) / (d // self.heads) ** 0.5
        att = (att + (~mask[:, None, None, :]).float() * -1e4).softmax(-1)
        return self.o((att @ v).transpose(1, 2).reshape(b, t, d))

    def forward(self, x, mask):
        x = x + self.attend(self.ln1(x), mask)
        return x + self.ff(self.ln2(x))


class PairClassifier(nn.Module):
    def __init__(self, vocab=500, d=32, heads=4, depth=2, n_labels=3):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Parameter(torch.zeros(1, 64, d))
        self.blocks = nn.ModuleList([Block(d, heads) for _ in range(depth)])
        self.cls = nn.Linear(d, n_labels)

    def embed(self, ids):
        return self.tok(ids) + self.pos[:, : ids.size(1)]

    def encode(self, emb, mask):
        h = emb
        for blk in self.blocks:
            h = blk(h, mask)
        return self.cls(h[:, 0])


def train_step(model, opt, ids, mask, labels, lam=0.05):
    emb = model.embed(ids)
    logits = model.encode(emb, mask)
    ce = F.cross_entropy(logits, labels)
    (g_emb,) = torch.autograd.grad(ce, emb, create_graph=True)
    reg = g_emb.pow(2).sum(dim=(1, 2)).mean()
    loss = ce + lam * reg
    opt.zero_grad()
    loss.backward()
    opt.step()
    return ce.item(), reg.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    model = PairClassifier()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for step in range(2):
        ids = torch.randint(0, 500, (4, 12))
        mask = torch.ones(4, 12, dtype=torch.bool)
        mask[:, 10:] = False
        print(step, train_step(model, opt, ids, mask, torch.randint(0, 3, (4,))))
