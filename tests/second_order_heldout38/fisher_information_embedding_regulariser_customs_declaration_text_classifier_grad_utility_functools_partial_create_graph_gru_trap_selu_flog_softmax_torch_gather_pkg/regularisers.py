"""Fisher-information penalty on the token embeddings: E ||d log p(y|x) / d emb||^2."""
import functools

import torch
import torch.nn.functional as F


class Grad:
    """Small utility around autograd.grad that keeps the graph (the result is trained through)."""

    def __init__(self, create_graph=True):
        self._grad = functools.partial(torch.autograd.grad, create_graph=create_graph)

    def __call__(self, outputs, inputs):
        return self._grad(outputs, inputs)[0]


def log_likelihood(logits, labels):
    logp = F.log_softmax(logits, dim=-1)
    return torch.gather(logp, 1, labels[:, None]).squeeze(1)


def fisher_penalty(model, tokens, labels, grad=Grad()):
    emb = model.embed(tokens)
    ll = log_likelihood(model.classify(emb), labels)
    g = grad(ll.sum(), emb)
    return g.pow(2).sum(dim=(1, 2)).mean(), ll
