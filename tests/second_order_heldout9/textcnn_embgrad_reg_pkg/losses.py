"""Training objectives: embedding-gradient regularised CE and a contrastive auxiliary term."""
import torch
import torch.nn.functional as F


def gradient_regularised_ce(encoder, tokens, labels, beta=0.5):
    """CE + beta * ||d CE / d embeddings||^2 (double backprop, Drucker & LeCun style on word vectors)."""
    emb = encoder.embed(tokens)
    logits = encoder.forward_embeddings(emb)
    ce = F.cross_entropy(logits, labels)
    (g_emb,) = torch.autograd.grad(ce, emb, create_graph=True)
    penalty = g_emb.pow(2).sum(dim=(1, 2)).mean()
    return ce + beta * penalty, logits.detach()


def dropout_contrastive(encoder, projector, tokens, tau=0.05):
    """Two dropout views of the same sentence features; InfoNCE over the batch (first order)."""
    feats = encoder.features_from_embeddings(encoder.embed(tokens))
    z1 = projector(F.dropout(feats, 0.1, training=True))
    z2 = projector(F.dropout(feats, 0.1, training=True))
    sim = z1 @ z2.t() / tau
    return F.cross_entropy(sim, torch.arange(sim.size(0)))
