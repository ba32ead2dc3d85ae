"""Meta-Weight-Net on crowd-labelled emergency triage notes.

A small weighting network maps each example's (detached) training loss to a weight. One virtual SGD step of the
classifier on the weighted loss (create_graph so the step stays differentiable in the weights), then the clean
meta set scores the virtually updated classifier and its gradient trains the weighting network.
"""
from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

DEFAULTS = dict(vocab=500, emb=32, hidden=48, classes=5, inner_lr=0.1, meta_lr=1e-3, lr=3e-3,
                steps=6, batch=16, seq=20, second_order=True)
hp = SimpleNamespace(**DEFAULTS)


class TriageClassifier(nn.Module):
    def __init__(self, vocab, emb, hidden, classes):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.rnn = nn.GRU(emb, hidden, batch_first=True)
        self.proj = nn.Linear(hidden, hidden)
        self.act = nn.GELU(approximate="tanh")
        self.out = nn.Linear(hidden, classes)

    def forward(self, tokens):
        h, _ = self.rnn(self.embed(tokens))
        pooled = h.mean(dim=1)
        return self.out(self.act(self.proj(pooled)))


class WeightNet(nn.Module):
    """loss value -> example weight in (0, 1)"""
    def __init__(self, width=24):
        super().__init__()
        self.fc1 = nn.Linear(1, width)
        self.prelu = nn.PReLU(width)
        self.fc2 = nn.Linear(width, 1)

    def forward(self, losses):
        return torch.sigmoid(self.fc2(self.prelu(self.fc1(losses.unsqueeze(1))))).squeeze(1)


def fake_batch(n, noisy):
    tokens = torch.randint(0, hp.vocab, (n, hp.seq))
    labels = tokens[:, :4].sum(1) % hp.classes
    if noisy:
        flip = torch.rand(n) < 0.4
        labels = torch.where(flip, torch.randint(0, hp.classes, (n,)), labels)
    return tokens, labels


def virtual_step(model, wnet, tokens, labels):
    params = dict(model.named_parameters())
    buffers = dict(model.named_buffers())
    logits = functional_call(model, (params, buffers), (tokens,))
    per_example = F.cross_entropy(logits, labels, reduction="none")
    weights = wnet(per_example.detach())
    weighted = (weights * per_example).sum() / (weights.sum() + 1e-8)
    grads = torch.autograd.grad(weighted, list(params.values()), create_graph=hp.second_order)
    fast = {name: p - hp.inner_lr * g for (name, p), g in zip(params.items(), grads)}
    return fast, buffers


def main():
    torch.manual_seed(0)
    model = TriageClassifier(hp.vocab, hp.emb, hp.hidden, hp.classes)
    wnet = WeightNet()
    opt = torch.optim.Adam(model.parameters(), lr=hp.lr)
    meta_opt = torch.optim.Adam(wnet.parameters(), lr=hp.meta_lr)

    for step in range(hp.steps):
        noisy_x, noisy_y = fake_batch(hp.batch, noisy=True)
        clean_x, clean_y = fake_batch(hp.batch // 2, noisy=False)

        fast, buffers = virtual_step(model, wnet, noisy_x, noisy_y)
        meta_logits = functional_call(model, (fast, buffers), (clean_x,))
        meta_loss = F.cross_entropy(meta_logits, clean_y)
        meta_opt.zero_grad()
        meta_loss.backward()
        meta_opt.step()

        # actual update with the refreshed weights (first order)
        logits = model(noisy_x)
        losses = F.cross_entropy(logits, noisy_y, reduction="none")
        with torch.no_grad():
            w = wnet(losses)
        loss = (w * losses).sum() / (w.sum() + 1e-8)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: meta {meta_loss.item():.4f} train {loss.item():.4f} mean w {w.mean().item():.3f}")


if __name__ == "__main__":
    main()
