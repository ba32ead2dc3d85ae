import torch
import torch.nn as nn
import torch.nn.functional as F


class BasketEncoder(nn.Module):
    """Bag of item embeddings -> user/basket vector (the pooled bag is the penalised input)."""

    def __init__(self, n_items, dim, mode):
        super().__init__()
        self.bag = nn.EmbeddingBag(n_items, dim, mode=mode)

    def forward(self, flat, offsets):
        return self.bag(flat, offsets)


class Tower(nn.Module):
    def __init__(self, dim, widths):
        super().__init__()
        layers, d = [], dim
        for w in widths:
            layers += [nn.Linear(d, w), nn.Hardswish()]
            d = w
        self.mlp = nn.Sequential(*layers)
        self.proj = nn.Linear(d, dim)

    def forward(self, pooled):
        u = self.proj(self.mlp(pooled))
        return F.normalize(u, dim=-1)


class Scorer(nn.Module):
    def __init__(self, n_items, dim, widths, mode):
        super().__init__()
        self.encoder = BasketEncoder(n_items, dim, mode)
        self.tower = Tower(dim, widths)
        self.item_emb = nn.Embedding(n_items, dim)
        self.temp = nn.Parameter(torch.tensor(5.0))

    def score(self, pooled, cand):
        u = self.tower(pooled)
        return self.temp * (self.item_emb(cand) * u[:, None, :]).sum(-1)
