"""Robust sentence classification: a BiGRU encoder trained with an input-gradient (double backpropagation)
penalty on the word embeddings, as in gradient-regularised NLP adversarial-robustness baselines.
The penalty is ||d loss / d E(x)||^2 per sentence, so the loss itself is differentiated twice."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BiGRUClassifier(nn.Module):
    def __init__(self, vocab, emb=100, hidden=128, n_classes=5, pad_idx=0, dropout=0.3):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb, padding_idx=pad_idx)
        self.rnn = nn.GRU(emb, hidden, batch_first=True, bidirectional=True)
        self.drop = nn.Dropout(dropout)
        self.out = nn.Linear(2 * hidden, n_classes)

    def embed(self, tokens):
        return self.embedding(tokens)

    def classify(self, embedded):
        states, _ = self.rnn(embedded)
        pooled = states.amax(dim=1)
        return F.log_softmax(self.out(self.drop(pooled)), dim=-1)


def step(model, tokens, labels, beta=0.5):
    emb = model.embed(tokens)
    log_probs = model.classify(emb)
    nll = F.nll_loss(log_probs, labels)
    (g_emb,) = torch.autograd.grad(nll, emb, create_graph=True)
    penalty = g_emb.pow(2).sum(dim=(1, 2)).mean()
    return nll + beta * penalty, nll.detach()


def train(batches, vocab, epochs=5):
    model = BiGRUClassifier(vocab)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for tokens, labels in batches:
            loss, nll = step(model, tokens, labels)
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
    return model


if __name__ == "__main__":
    train([(torch.randint(1, 50, (3, 7)), torch.tensor([0, 4, 2]))], vocab=50, epochs=1)
