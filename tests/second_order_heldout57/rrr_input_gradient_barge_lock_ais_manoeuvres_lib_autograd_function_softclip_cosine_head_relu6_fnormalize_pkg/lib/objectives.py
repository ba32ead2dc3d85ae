"""'Right for the right reasons' (Ross et al. 2017): task loss + input-gradient penalty on masked features."""
import torch
import torch.nn.functional as F


def task_loss(logits, labels):
    return F.cross_entropy(logits, labels, label_smoothing=0.05)


def rrr_penalty(model, x, mask):
    """Penalise d(sum log p)/dx where the lock-keeper annotation says the feature is irrelevant."""
    x = x.detach().clone().requires_grad_(True)
    logp = F.log_softmax(model(x), dim=-1)
    (gx,) = torch.autograd.grad(logp.sum(), x, create_graph=True)
    return (mask * gx).pow(2).sum(dim=(1, 2)).mean()
