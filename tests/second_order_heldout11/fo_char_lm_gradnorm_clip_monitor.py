"""Character-level LM training loop with per-layer gradient-norm logging, global clipping and
no-grad validation perplexity (nanoGPT-style housekeeping, first order only)."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MLPBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.up = nn.Linear(d, 4 * d)
        self.glu = nn.GLU()
        self.down = nn.Linear(2 * d, d)
        self.ln = nn.LayerNorm(d)

    def forward(self, x):
        return x + self.down(self.glu(self.up(self.ln(x))))


class TinyCharLM(nn.Module):
    def __init__(self, vocab=64, d=48, depth=2, ctx=32):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(ctx, d)
        self.mix = nn.Conv1d(d, d, 3, padding=2, groups=1)
        self.blocks = nn.Sequential(*[MLPBlock(d) for _ in range(depth)])
        self.lm_head = nn.Linear(d, vocab)

    def forward(self, idx):
        t = idx.size(1)
        x = self.wte(idx) + self.wpe(torch.arange(t))
        x = x + F.gelu(self.mix(x.transpose(1, 2))[..., :t], approximate="tanh").transpose(1, 2)
        return F.log_softmax(self.lm_head(self.blocks(x)), dim=-1)


def grad_report(model):
    norms = {n: p.grad.detach().norm().item() for n, p in model.named_parameters() if p.grad is not None}
    total = math.sqrt(sum(v * v for v in norms.values()))
    return total, max(norms, key=norms.get)


@torch.no_grad()
def val_ppl(model, data):
    model.eval()
    nll = F.nll_loss(model(data[:, :-1]).flatten(0, 1), data[:, 1:].flatten())
    model.train()
    return math.exp(nll.item())


def train(steps=3):
    model = TinyCharLM()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.1)
    val = torch.randint(0, 64, (4, 33))
    for step in range(steps):
        batch = torch.randint(0, 64, (8, 33))
        logp = model(batch[:, :-1])
        loss = F.nll_loss(logp.reshape(-1, logp.size(-1)), batch[:, 1:].reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        total, worst = grad_report(model)
        clipped = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        opt.step()
        print(step, loss.item(), total, worst, float(clipped), val_ppl(model, val))


if __name__ == "__main__":
    train()
