import torch
import torch.nn as nn

import settings


class TariffClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(settings.VOCAB, settings.EMB, padding_idx=0)
        self.encoder = nn.GRU(settings.EMB, settings.HIDDEN, batch_first=True)
        self.attn = nn.Linear(settings.HIDDEN, 1)
        self.head = nn.Sequential(
            nn.Linear(settings.HIDDEN, settings.HIDDEN),
            nn.SELU(),
            nn.Linear(settings.HIDDEN, settings.N_TARIFF_GROUPS),
        )

    def embed(self, tokens):
        return self.embedding(tokens)

    def classify(self, emb):
        states, _ = self.encoder(emb)
        weights = torch.softmax(self.attn(states), dim=1)
        pooled = (weights * states).sum(1)
        return self.head(pooled)

    def forward(self, tokens):
        return self.classify(self.embed(tokens))
