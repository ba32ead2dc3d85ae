"""Fraud detection on smart parking-meter payment event streams with FGM adversarial training
(Miyato et al.): perturb the event embeddings along the normalised loss gradient and train on both.

`double_backprop` would differentiate through the perturbation direction; it is off by default
(the usual FGM recipe treats the direction as a constant).
"""
import argparse
import random
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

EVENTS = ["<pad>", "coin", "card_tap", "card_chip", "app_pay", "refund", "timeout", "door_open", "tamper",
          "reset", "receipt", "max_time", "cancel"]

CFG = SimpleNamespace(emb=24, hidden=48, fgm_eps=0.5, double_backprop=False, steps=5, batch=16, lr=2e-3)


def synth_stream(rng, fraud):
    n = rng.randrange(6, 14)
    ev = [rng.choice([1, 2, 3, 4, 10, 11]) for _ in range(n)]
    amt = [rng.uniform(0.2, 4.0) for _ in range(n)]
    if fraud:
        for _ in range(rng.randrange(1, 3)):
            k = rng.randrange(n)
            ev[k] = rng.choice([5, 7, 8, 9])
            amt[k] = -abs(amt[k])
    return ev, amt


def collate(items):
    T = max(len(e) for (e, _), _ in items)
    ids = torch.zeros(len(items), T, dtype=torch.long)
    amt = torch.zeros(len(items), T, 1)
    for i, ((e, a), _) in enumerate(items):
        ids[i, : len(e)] = torch.tensor(e)
        amt[i, : len(a), 0] = torch.tensor(a)
    y = torch.tensor([lab for _, lab in items])
    return ids, amt, y


class StreamClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.emb = nn.Embedding(len(EVENTS), cfg.emb, padding_idx=0)
        self.amt = nn.Linear(1, cfg.emb)
        self.lstm = nn.LSTM(cfg.emb, cfg.hidden, batch_first=True, bidirectional=True)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.out = nn.Linear(2 * cfg.hidden, 2)

    def embed(self, ids, amt):
        return self.emb(ids) + self.amt(amt)

    def classify(self, e):
        h, _ = self.lstm(e)
        return self.out(self.pool(h.transpose(1, 2)).squeeze(-1))


def nll(logits, y):
    return F.nll_loss(F.log_softmax(logits, dim=-1), y)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG.steps)
    CFG.steps = ap.parse_args().steps
    rng = random.Random(2)
    torch.manual_seed(2)
    model = StreamClassifier(CFG)
    opt = torch.optim.Adam(model.parameters(), lr=CFG.lr)
    for step in range(CFG.steps):
        items = []
        for _ in range(CFG.batch):
            lab = int(rng.random() < 0.3)
            items.append((synth_stream(rng, lab), lab))
        ids, amt, y = collate(items)
        e = model.embed(ids, amt)
        clean = nll(model.classify(e), y)
        (g,) = torch.autograd.grad(clean, e, retain_graph=True, create_graph=CFG.double_backprop)
        r = CFG.fgm_eps * F.normalize(g.detach().flatten(1), dim=1).view_as(e)
        adv = nll(model.classify(e + r), y)
        opt.zero_grad()
        (clean + adv).backward()
        opt.step()
        print(f"step {step}: clean {clean.item():.4f} adv {adv.item():.4f} |g| {g.norm():.4f}")


if __name__ == "__main__":
    main()
