import torch.nn as nn


class CommentClassifier(nn.Module):
    def __init__(self, vocab=500, dim=32, n_cls=3):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 64), nn.Hardswish(), nn.Linear(64, n_cls))
        self.log_softmax = nn.LogSoftmax(dim=-1)

    def forward_embedded(self, e):
        return self.log_softmax(self.mlp(e.mean(1)))

    def forward(self, ids):
        return self.forward_embedded(self.embedding(ids))
