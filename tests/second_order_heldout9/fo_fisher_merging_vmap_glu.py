"""Fisher-weighted averaging of two fine-tuned intent classifiers (Matena & Raffel, 2022).
The (empirical) diagonal Fisher is the mean of squared per-example gradients, computed with
torch.func.vmap(grad(...)); nothing is differentiated through those gradients."""
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap


class GatedIntentNet(nn.Module):
    def __init__(self, vocab=300, d=16, n_intents=7):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.ff = nn.Linear(d, 2 * d)
        self.glu = nn.GLU()
        self.cls = nn.Linear(d, n_intents)

    def forward(self, tokens):
        return self.cls(self.glu(self.ff(self.emb(tokens).mean(1))))


def diag_fisher(model, tokens, labels):
    """Empirical Fisher: squared per-example gradients of the log-likelihood of the labels."""
    params = {k: v.detach() for k, v in model.named_parameters()}

    def example_nll(p, tok, y):
        logits = functional_call(model, p, (tok.unsqueeze(0),))
        return F.cross_entropy(logits, y.unsqueeze(0))

    per_example = vmap(grad(example_nll), in_dims=(None, 0, 0))
    g = per_example(params, tokens, labels)
    return {k: g[k].pow(2).mean(0) for k in params}


@torch.no_grad()
def fisher_merge(models, fishers, eps=1e-8):
    merged = copy.deepcopy(models[0])
    for name, p in merged.named_parameters():
        num = sum(f[name] * dict(m.named_parameters())[name] for m, f in zip(models, fishers))
        den = sum(f[name] for f in fishers) + eps
        p.copy_(num / den)
    return merged


if __name__ == "__main__":
    a, b = GatedIntentNet(), GatedIntentNet()
    data_a, data_b = torch.randint(0, 300, (8, 12)), torch.randint(0, 300, (8, 12))
    y_a, y_b = torch.randint(0, 7, (8,)), torch.randint(0, 7, (8,))
    merged = fisher_merge([a, b], [diag_fisher(a, data_a, y_a), diag_fisher(b, data_b, y_b)])
    with torch.no_grad():
        print(merged(data_a).argmax(-1))
