"""Negative: beam search that always runs max_len steps; finished beams are frozen with 3-arg where."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, vocab: int = 20, beam: int = 3, max_len: int = 6, eos: int = 2, pad: int = 0) -> None:
        super().__init__()
        self.emb = nn.Embedding(vocab, 8)
        self.out = nn.Linear(8, vocab)
        self.beam, self.max_len, self.eos, self.pad = beam, max_len, eos, pad

    def forward(self, start: torch.Tensor):
        tokens = start.repeat(self.beam, 1)
        scores = torch.zeros(self.beam)
        finished = torch.zeros(self.beam, dtype=torch.bool)
        for _ in range(self.max_len):
            logp = self.out(self.emb(tokens[:, -1])).log_softmax(-1)
            logp = logp.masked_fill(finished[:, None], 0.0)
            scores, flat = (scores[:, None] + logp).flatten().topk(self.beam)
            prev, nxt = flat.div(logp.size(-1), rounding_mode="floor"), flat.remainder(logp.size(-1))
            done_prev = finished[prev]
            nxt = torch.where(done_prev, torch.full_like(nxt, self.pad), nxt)
            tokens = torch.cat([tokens.index_select(0, prev), nxt.unsqueeze(1)], 1)
            finished = done_prev | nxt.eq(self.eos)
        return tokens, scores, finished.sum()


def inputs():
    return (torch.tensor([[1]]),)
