"""Gradient-norm (sharpness) regularised text classifier: loss.backward(create_graph=True), penalty on p.grad norms."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TextClassifier(nn.Module):
    def __init__(self, vocab=5000, dim=64, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(approximate="tanh"), nn.Linear(4 * dim, dim))
        self.cls = nn.Linear(dim, classes)

    def forward(self, tokens):
        h = self.embed(tokens)
        h = h + self.ff(self.norm(h))
        return self.cls(h.mean(1))


def train(loader, epochs=3, rho=0.05):
    model = TextClassifier()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for _ in range(epochs):
        for tokens, labels in loader:
            opt.zero_grad()
            loss = F.cross_entropy(model(tokens), labels)
            loss.backward(create_graph=True)
            grad_norm = torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters() if p.grad is not None))
            (rho * grad_norm).backward()
            opt.step()
