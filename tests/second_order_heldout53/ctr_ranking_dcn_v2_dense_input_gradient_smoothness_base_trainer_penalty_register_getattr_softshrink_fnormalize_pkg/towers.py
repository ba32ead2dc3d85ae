"""Ranking towers. Models register themselves by name; build_model picks one from the config."""
import torch
import torch.nn as nn
import torch.nn.functional as F

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


def build_model(cfg):
    return MODEL_REGISTRY[cfg.model.name](cfg.features, cfg.model)


class CrossLayer(nn.Module):
    """DCN-v2 cross layer: x_{l+1} = x0 * (W x_l + b) + x_l."""

    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x0, xl):
        return x0 * self.proj(xl) + xl


class HistoryPooling(nn.Module):
    """Average the embeddings of the user's recently clicked items."""

    def __init__(self, n_items, dim):
        super().__init__()
        self.emb = nn.Embedding(n_items, dim)
        self.pool = nn.AdaptiveAvgPool1d(1)

    def forward(self, hist):
        e = self.emb(hist).transpose(1, 2)  # (B, D, L)
        return self.pool(e).squeeze(-1)


def deep_tower(in_dim, dims, act, dropout):
    layers = []
    for d in dims:
        layers += [nn.Linear(in_dim, d), getattr(nn, act)(), nn.Dropout(dropout)]
        in_dim = d
    return nn.Sequential(*layers), in_dim


@register("dcn_v2")
class DCNv2(nn.Module):
    def __init__(self, feat, mcfg):
        super().__init__()
        self.user = nn.Embedding(feat.n_users, feat.emb_dim)
        self.item = nn.Embedding(feat.n_items, feat.emb_dim)
        self.history = HistoryPooling(feat.n_items, feat.emb_dim)
        dim = feat.n_dense + 3 * feat.emb_dim
        self.cross = nn.ModuleList([CrossLayer(dim) for _ in range(mcfg.n_cross)])
        self.deep, out = deep_tower(dim, mcfg.deep_dims, mcfg.act, mcfg.dropout)
        self.calibration = nn.Hardswish()  # kept for old checkpoints; calibration is post-hoc now
        self.head = nn.Linear(dim + out, 1)

    def forward(self, dense, user, item, hist):
        dense = F.normalize(dense, dim=-1)
        x0 = torch.cat([dense, self.user(user), self.item(item), self.history(hist)], dim=-1)
        xl = x0
        for layer in self.cross:
            xl = layer(x0, xl)
        return self.head(torch.cat([xl, self.deep(x0)], dim=-1)).squeeze(-1)


@register("deep_only")
class DeepOnly(nn.Module):
    def __init__(self, feat, mcfg):
        super().__init__()
        self.user = nn.Embedding(feat.n_users, feat.emb_dim)
        self.item = nn.Embedding(feat.n_items, feat.emb_dim)
        dim = feat.n_dense + 2 * feat.emb_dim
        self.net = nn.Sequential(nn.Linear(dim, 32), nn.SELU(), nn.Linear(32, 1))

    def forward(self, dense, user, item, hist):
        x = torch.cat([dense, self.user(user), self.item(item)], dim=-1)
        return self.net(x).squeeze(-1)
