"""Influence functions (Koh & Liang) for a char-CNN phishing URL classifier, LiSSA-style inverse HVP."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class UrlCNN(nn.Module):
    def __init__(self, vocab=70, dim=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.conv = nn.Conv1d(dim, 32, 3, padding=1)
        self.fc = nn.Linear(32, 2)
        self.logsm = nn.LogSoftmax(dim=-1)

    def forward(self, ids):
        h = torch.tanh(self.conv(self.emb(ids).transpose(1, 2))).mean(-1)
        return self.logsm(self.fc(h))


def hvp(loss, params, v):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    dot = sum((g * vi).sum() for g, vi in zip(grads, v))
    return torch.autograd.grad(dot, params)


model = UrlCNN()
params = [p for n, p in model.named_parameters() if not n.startswith("emb")]
train_ids, train_y = torch.randint(0, 70, (32, 20)), torch.randint(0, 2, (32,))
test_ids, test_y = torch.randint(0, 70, (1, 20)), torch.randint(0, 2, (1,))

test_loss = F.nll_loss(model(test_ids), test_y)
v = [g.detach() for g in torch.autograd.grad(test_loss, params)]
h_estimate = [vi.clone() for vi in v]
damping, scale = 0.01, 25.0
for depth in range(3):
    idx = torch.randint(0, 32, (8,))
    train_loss = F.nll_loss(model(train_ids[idx]), train_y[idx])
    hv = hvp(train_loss, params, h_estimate)
    h_estimate = [vi + (1 - damping) * he - hvi / scale for vi, he, hvi in zip(v, h_estimate, hv)]
s_test = [he / scale for he in h_estimate]
print(len(s_test))
