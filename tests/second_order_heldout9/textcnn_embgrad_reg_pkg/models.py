"""Text encoders for review-sentiment classification."""
from dataclasses import dataclass, field
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

ACTIVATIONS = {
    "relu6": nn.ReLU6,
    "silu": nn.SiLU,
    "leaky": partial(nn.LeakyReLU, negative_slope=0.1),
}


@dataclass
class EncoderConfig:
    kind: str = "cnn"
    vocab: int = 200
    dim: int = 16
    widths: tuple = (3, 5)
    channels: int = 8
    act: str = "silu"
    n_classes: int = 3
    extra: dict = field(default_factory=dict)


class KimCNN(nn.Module):
    def __init__(self, cfg: EncoderConfig):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.dim, padding_idx=0)
        self.convs = nn.ModuleDict({f"w{k}": nn.Conv1d(cfg.dim, cfg.channels, k, padding=k // 2) for k in cfg.widths})
        self.act = ACTIVATIONS[cfg.act]()
        self.out = nn.Linear(cfg.channels * len(cfg.widths), cfg.n_classes)

    def features_from_embeddings(self, emb):
        h = emb.transpose(1, 2)
        pooled = []
        for conv in self.convs.values():
            c = self.act(conv(h))
            pooled.append(F.max_pool1d(c, c.size(-1)).squeeze(-1))
        return torch.cat(pooled, dim=1)

    def forward_embeddings(self, emb):
        return self.out(self.features_from_embeddings(emb))

    def forward(self, tokens):
        return self.forward_embeddings(self.embed(tokens))


class BagOfEmbeddings(nn.Module):
    def __init__(self, cfg: EncoderConfig):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.dim, padding_idx=0)
        self.out = nn.Linear(cfg.dim, cfg.n_classes)

    def forward_embeddings(self, emb):
        return self.out(emb.mean(1))

    def forward(self, tokens):
        return self.forward_embeddings(self.embed(tokens))


ENCODERS = {"cnn": KimCNN, "bag": BagOfEmbeddings}


class Projector(nn.Module):
    """SimCSE-style projection head, used only by the contrastive auxiliary loss."""

    def __init__(self, din, dout=16):
        super().__init__()
        self.fc1 = nn.Linear(din, din)
        self.act = nn.Hardswish()
        self.fc2 = nn.Linear(din, dout)

    def forward(self, h):
        return F.normalize(self.fc2(self.act(self.fc1(h))), dim=-1)


def build_encoder(cfg: EncoderConfig):
    return ENCODERS[cfg.kind](cfg)
