"""Beam search decoder with a fixed beam but an early stop once every hypothesis has emitted EOS."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, vocab: int = 20, beam: int = 3, max_len: int = 6, eos: int = 2) -> None:
        super().__init__()
        self.emb = nn.Embedding(vocab, 8)
        self.out = nn.Linear(8, vocab)
        self.beam, self.max_len, self.eos = beam, max_len, eos

    def forward(self, start: torch.Tensor):
        tokens = start.repeat(self.beam, 1)
        scores = torch.zeros(self.beam)
        finished = torch.zeros(self.beam, dtype=torch.bool)
        for _ in range(self.max_len):
            logp = self.out(self.emb(tokens[:, -1])).log_softmax(-1)
            logp = logp.masked_fill(finished[:, None], 0.0)
            cand = (scores[:, None] + logp).flatten()
            scores, flat = cand.topk(self.beam)
            prev, nxt = flat // logp.size(-1), flat % logp.size(-1)
            tokens = torch.cat([tokens[prev], nxt[:, None]], 1)
            finished = finished[prev] | (nxt == self.eos)
            if finished.all():  # expect: MS204 dynamic
                break
        return tokens, scores


def inputs():
    return (torch.tensor([[1]]),)
