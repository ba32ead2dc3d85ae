"""Shell-outline encoder (elliptic Fourier descriptors -> embedding) with a cosine-similarity head."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class OutlineEncoder(nn.Module):
    def __init__(self, n_in, hidden):
        super().__init__()
        self.fc1 = nn.Linear(n_in, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.act = nn.Softsign()
        self.fc2 = nn.Linear(hidden, hidden)

    def forward(self, x):
        return self.fc2(self.act(self.norm(self.fc1(x))))


class CosineClassifier(nn.Module):
    def __init__(self, n_in, hidden, n_way, scale):
        super().__init__()
        self.encoder = OutlineEncoder(n_in, hidden)
        self.prototypes = nn.Parameter(torch.randn(n_way, hidden) * 0.1)
        self.scale = scale

    def forward(self, x):
        z = F.normalize(self.encoder(x), dim=-1)
        w = F.normalize(self.prototypes, dim=-1)
        return self.scale * z @ w.t()
