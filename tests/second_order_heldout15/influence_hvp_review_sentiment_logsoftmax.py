"""Influence functions (Koh & Liang 2017) for a bag-of-embeddings review sentiment model.

s_test = H^{-1} grad L(z_test) via LiSSA, with Hessian-vector products taken by
differentiating torch.autograd.grad twice w.r.t. the model parameters.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BoE(nn.Module):
    def __init__(self, vocab=100, dim=16, classes=3):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, 32)
        self.cls = nn.Linear(32, classes)

    def forward(self, tokens):
        h = torch.tanh(self.proj(self.emb(tokens).mean(1)))
        return F.log_softmax(self.cls(h), dim=-1)


def loss_fn(model, x, y):
    return F.nll_loss(model(x), y)


def hvp(loss, params, v):
    g = torch.autograd.grad(loss, params, create_graph=True)
    dot = sum((gi * vi).sum() for gi, vi in zip(g, v))
    return torch.autograd.grad(dot, params)


def s_test(model, x_test, y_test, train_batches, damping=0.01, scale=25.0, depth=3):
    params = [p for p in model.parameters() if p.requires_grad]
    v = torch.autograd.grad(loss_fn(model, x_test, y_test), params)
    h_est = [vi.clone() for vi in v]
    for x, y in train_batches[:depth]:
        hv = hvp(loss_fn(model, x, y), params, h_est)
        h_est = [vi + (1 - damping) * hi - hvi / scale for vi, hi, hvi in zip(v, h_est, hv)]
    return [h / scale for h in h_est]


if __name__ == "__main__":
    model = BoE()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    batches = [(torch.randint(0, 100, (8, 12)), torch.randint(0, 3, (8,))) for _ in range(4)]
    for x, y in batches:
        opt.zero_grad()
        loss_fn(model, x, y).backward()
        opt.step()
    st = s_test(model, *batches[0], batches)
    params = list(model.parameters())
    for i, (x, y) in enumerate(batches):
        g = torch.autograd.grad(loss_fn(model, x[:1], y[:1]), params)
        print(i, -sum((a * b).sum() for a, b in zip(g, st)).item())
