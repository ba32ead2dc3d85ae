"""Credit-risk scorer: categorical embeddings + numeric tower, one logit per applicant."""
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTS = {
    "relu": F.relu,
    "elu": functools.partial(F.elu, alpha=0.5),
    "silu": F.silu,
}


def traced(fn):
    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        out = fn(self, *args, **kwargs)
        self.last_out_shape = tuple(out.shape)
        return out
    return wrapper


class CreditScorer(nn.Module):
    def __init__(self, n_numeric, cardinalities, emb_dim=4, hidden=32, act="relu"):
        super().__init__()
        self.embeds = nn.ModuleDict({name: nn.Embedding(card, emb_dim) for name, card in cardinalities.items()})
        d = n_numeric + emb_dim * len(cardinalities)
        self.fc1 = nn.Linear(d, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)
        self.act = ACTS[act]

    @traced
    def forward(self, numeric, categorical):
        embs = [self.embeds[k](categorical[k]) for k in sorted(self.embeds)]
        h = torch.cat([numeric] + embs, dim=-1)
        h = self.act(self.fc1(h))
        h = self.act(self.fc2(h))
        return self.out(h).squeeze(-1)
