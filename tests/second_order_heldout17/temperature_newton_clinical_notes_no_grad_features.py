# Post-hoc temperature scaling of a clinical-notes triage classifier, solved with Newton's method on log T.
# The classifier's logits are computed once under torch.no_grad(); the Hessian is w.r.t. the scalar only.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.functional import hessian


class NotesClassifier(nn.Module):
    def __init__(self, vocab=200, dim=32, n_cls=4):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU(approximate="tanh"), nn.Linear(dim, n_cls))

    def forward(self, tokens):
        return self.ff(self.emb(tokens))


def nll_at(log_t, logits, labels):
    return F.cross_entropy(logits / log_t.exp(), labels)


def fit_temperature(logits, labels, iters=5):
    log_t = torch.zeros(())
    for _ in range(iters):
        log_t = log_t.detach().requires_grad_(True)
        loss = nll_at(log_t, logits, labels)
        g, = torch.autograd.grad(loss, log_t)
        h = hessian(lambda t: nll_at(t, logits, labels), log_t)
        log_t = log_t - g / h.clamp_min(1e-6)
    return log_t.exp().item()


if __name__ == "__main__":
    model = NotesClassifier().eval()
    tokens = torch.randint(0, 200, (32, 12))
    labels = torch.randint(0, 4, (32,))
    with torch.no_grad():
        logits = model(tokens)
    print("T =", fit_temperature(logits, labels))
