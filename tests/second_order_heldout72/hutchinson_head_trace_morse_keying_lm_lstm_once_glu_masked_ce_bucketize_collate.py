"""Next-symbol language model over hand-keyed Morse (dit/dah/gaps) timing sequences.

Flat-minimum regulariser for the decoder head only: the Hutchinson estimate of tr(H_head) of the
masked token loss, with H the Hessian w.r.t. the head parameters (features from the LSTM encoder
are computed once per batch and fed to the head). The encoder is trained by the same total loss.
"""
import argparse
import random

import torch
import torch.nn as nn
import torch.nn.functional as F

MORSE = {"A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "K": "-.-", "N": "-.", "O": "---",
         "Q": "--.-", "R": ".-.", "S": "...", "T": "-", "U": "..-", "5": ".....", "7": "--..."}
SYMBOLS = ["<pad>", "dit", "dah", "el_gap", "ch_gap", "wd_gap", "<eos>"]


def key_text(text, rng, wpm=18.0):
    """Simulate an operator's keying: returns per-element durations (ms, jittered) and symbol ids."""
    unit = 1200.0 / wpm
    durs, syms = [], []
    for w_i, word in enumerate(text.split()):
        for c_i, ch in enumerate(word):
            for e_i, el in enumerate(MORSE[ch]):
                durs.append((1 if el == "." else 3) * unit * rng.uniform(0.8, 1.25))
                syms.append(1 if el == "." else 2)
                if e_i < len(MORSE[ch]) - 1:
                    durs.append(unit * rng.uniform(0.7, 1.3)); syms.append(3)
            if c_i < len(word) - 1:
                durs.append(3 * unit * rng.uniform(0.8, 1.3)); syms.append(4)
        durs.append(7 * unit * rng.uniform(0.8, 1.4)); syms.append(5)
    syms[-1] = 6
    return durs, syms


def collate(seqs, bins):
    """Quantise log-durations into buckets (data only) and build next-symbol targets and mask."""
    T = max(len(s) for _, s in seqs)
    dur_ids = torch.zeros(len(seqs), T, dtype=torch.long)
    sym_ids = torch.zeros(len(seqs), T, dtype=torch.long)
    for i, (d, s) in enumerate(seqs):
        dur_ids[i, : len(d)] = torch.bucketize(torch.tensor(d).log(), bins) + 1
        sym_ids[i, : len(s)] = torch.tensor(s)
    inp_d, inp_s, tgt = dur_ids[:, :-1], sym_ids[:, :-1], sym_ids[:, 1:]
    mask = tgt.ne(0).float()
    return inp_d, inp_s, tgt, mask


class Encoder(nn.Module):
    def __init__(self, n_bins, dim=32, hidden=64):
        super().__init__()
        self.dur_emb = nn.Embedding(n_bins + 2, dim, padding_idx=0)
        self.sym_emb = nn.Embedding(len(SYMBOLS), dim, padding_idx=0)
        self.lstm = nn.LSTM(dim, hidden, num_layers=2, batch_first=True)

    def forward(self, d, s):
        out, _ = self.lstm(self.dur_emb(d) + self.sym_emb(s))
        return out


class Head(nn.Module):
    def __init__(self, hidden=64):
        super().__init__()
        self.inp = nn.Linear(hidden, 2 * hidden)
        self.glu = nn.GLU(dim=-1)
        self.cls = nn.Linear(hidden, len(SYMBOLS))

    def forward(self, h):
        return self.cls(self.glu(self.inp(h)))


def token_loss(logits, tgt, mask):
    ce = F.cross_entropy(logits.transpose(1, 2), tgt, reduction="none")
    return (ce * mask).sum() / mask.sum()


def hutchinson_head_trace(loss, params, n_samples=2):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    tr = 0.0
    for _ in range(n_samples):
        vs = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
        hv = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
        tr = tr + sum((h * v).sum() for h, v in zip(hv, vs)) / n_samples
    return tr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--trace-weight", type=float, default=1e-3)
    args = ap.parse_args()
    rng = random.Random(7)
    torch.manual_seed(7)
    calls = ["CQ CQ DE K7CB K", "RST 5NN TU", "QRS", "DE NOTSK K", "TU EE"]
    bins = torch.linspace(3.5, 6.5, 15)
    enc, head = Encoder(len(bins)), Head()
    opt = torch.optim.Adam(list(enc.parameters()) + list(head.parameters()), lr=2e-3)
    for step in range(args.steps):
        batch = [key_text(rng.choice(calls), rng, wpm=rng.uniform(14, 24)) for _ in range(8)]
        d, s, tgt, mask = collate(batch, bins)
        feats = enc(d, s)
        loss = token_loss(head(feats), tgt, mask)
        tr = hutchinson_head_trace(loss, list(head.parameters()))
        total = loss + args.trace_weight * tr
        opt.zero_grad()
        total.backward()
        assert head.inp.weight.grad is not None and enc.lstm.weight_hh_l0.grad is not None
        opt.step()
        print(f"step {step} nll {loss.item():.4f} tr(H_head) {tr.item():.3f}")


if __name__ == "__main__":
    main()
