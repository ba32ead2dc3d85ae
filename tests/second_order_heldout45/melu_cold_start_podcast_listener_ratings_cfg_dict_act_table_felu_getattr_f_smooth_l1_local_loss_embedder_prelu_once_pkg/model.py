"""MeLU: global embeddings + a decision MLP whose parameters are adapted per listener."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

from layers import FieldEmbedder, activation


class MeLU(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg["embed_dim"]
        self.users = FieldEmbedder(cfg["user_fields"], d)
        self.items = FieldEmbedder(cfg["item_fields"], d)
        width = d * (len(cfg["user_fields"]) + len(cfg["item_fields"]))
        self.proj = nn.Sequential(nn.Linear(width, width), nn.PReLU())
        sizes = [width] + list(cfg["hidden"]) + [1]
        self.decision = nn.ParameterDict()
        for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
            self.decision[f"w{i}"] = nn.Parameter(torch.randn(b, a) * (2.0 / a) ** 0.5)
            self.decision[f"b{i}"] = nn.Parameter(torch.zeros(b))
        self.n_layers = len(sizes) - 1
        self.act = activation(cfg["act"])

    def decision_params(self):
        return OrderedDict(self.decision.items())

    def embed(self, user_feats, item_feats):
        return self.proj(torch.cat([self.users(user_feats), self.items(item_feats)], dim=-1))

    def forward(self, user_feats, item_feats, params=None):
        params = self.decision_params() if params is None else params
        h = self.embed(user_feats, item_feats)
        for i in range(self.n_layers):
            h = F.linear(h, params[f"w{i}"], params[f"b{i}"])
            if i < self.n_layers - 1:
                h = self.act(h)
        return 1.0 + 4.0 * torch.sigmoid(h.squeeze(-1))
