"""Few-shot slot filling for ferry timetable enquiries (per-operator tasks), second-order MAML.

Each task is one ferry operator: a handful of tagged enquiries ("next sailing to Brodick friday")
for adaptation and a few more for evaluation. The tagger is Embedding -> GRU -> Linear and is
adapted with torch.func.functional_call on a dict of fast weights.
"""
import argparse
import logging
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

log = logging.getLogger("ferry_slots")

SLOTS = ["O", "B-ORIG", "B-DEST", "B-DAY", "B-TIME", "I-TIME"]
PORTS = ["ardrossan", "brodick", "oban", "craignure", "mallaig", "armadale", "largs", "cumbrae"]
DAYS = ["monday", "friday", "saturday", "sunday", "today", "tomorrow"]
FILLER = ["next", "sailing", "from", "to", "on", "at", "is", "there", "a", "ferry", "when", "last"]


def build_vocab():
    words = ["<pad>", "<unk>"] + FILLER + PORTS + DAYS + [str(h) for h in range(24)] + ["am", "pm"]
    return {w: i for i, w in enumerate(words)}


def synth_enquiry(rng):
    o, d = rng.sample(PORTS, 2)
    toks = ["next", "sailing", "from", o, "to", d]
    tags = ["O", "O", "O", "B-ORIG", "O", "B-DEST"]
    if rng.random() < 0.7:
        toks += ["on", rng.choice(DAYS)]
        tags += ["O", "B-DAY"]
    if rng.random() < 0.5:
        toks += ["at", str(rng.randrange(24)), rng.choice(["am", "pm"])]
        tags += ["O", "B-TIME", "I-TIME"]
    return toks, tags


def collate(batch, vocab):
    """Tokenise + pad; the loss mask is built here from the lengths (data only)."""
    lens = torch.tensor([len(t) for t, _ in batch])
    T = int(lens.max())
    ids = torch.zeros(len(batch), T, dtype=torch.long)
    tags = torch.zeros(len(batch), T, dtype=torch.long)
    for i, (toks, tg) in enumerate(batch):
        ids[i, : len(toks)] = torch.tensor([vocab.get(w, 1) for w in toks])
        tags[i, : len(tg)] = torch.tensor([SLOTS.index(t) for t in tg])
    mask = torch.arange(T)[None, :] < lens[:, None]
    mask = mask.float().masked_fill(ids == 1, 0.0)  # unknown words are not scored
    return ids, tags, mask


class GRUTagger(nn.Module):
    def __init__(self, vocab_size, emb=32, hidden=48, n_tags=len(SLOTS)):
        super().__init__()
        self.emb = nn.Embedding(vocab_size, emb, padding_idx=0)
        self.rnn = nn.GRU(emb, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, n_tags)

    def forward(self, ids):
        h, _ = self.rnn(self.emb(ids))
        return self.out(torch.tanh(h))


def masked_token_nll(logits, tags, mask):
    logp = F.log_softmax(logits, dim=-1)
    tok = logp.gather(-1, tags.unsqueeze(-1)).squeeze(-1)
    return -(tok * mask).sum() / mask.sum().clamp_min(1.0)


def adapt(model, params, support, inner_lr, steps):
    ids, tags, mask = support
    for _ in range(steps):
        logits = functional_call(model, params, (ids,))
        loss = masked_token_nll(logits, tags, mask)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
        params = {k: p - inner_lr * g for (k, p), g in zip(params.items(), grads)}
    return params


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-steps", type=int, default=4)
    ap.add_argument("--tasks", type=int, default=3)
    ap.add_argument("--inner-lr", type=float, default=0.3)
    ap.add_argument("--inner-steps", type=int, default=2)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)
    rng = random.Random(0)
    vocab = build_vocab()
    model = GRUTagger(len(vocab))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(args.meta_steps):
        opt.zero_grad()
        meta_loss = 0.0
        for _ in range(args.tasks):
            support = collate([synth_enquiry(rng) for _ in range(5)], vocab)
            q_ids, q_tags, q_mask = collate([synth_enquiry(rng) for _ in range(6)], vocab)
            fast = adapt(model, dict(model.named_parameters()), support, args.inner_lr, args.inner_steps)
            q_logits = functional_call(model, fast, (q_ids,))
            q_tags = q_tags.masked_fill(q_mask == 0, -100)
            q_loss = F.cross_entropy(q_logits.reshape(-1, len(SLOTS)), q_tags.reshape(-1), ignore_index=-100)
            meta_loss = meta_loss + q_loss / args.tasks
        meta_loss.backward()
        assert model.rnn.weight_hh_l0.grad is not None and model.rnn.weight_hh_l0.grad.abs().sum() > 0
        opt.step()
        log.info("meta step %d  query nll %.4f", step, meta_loss.item())


if __name__ == "__main__":
    main()
