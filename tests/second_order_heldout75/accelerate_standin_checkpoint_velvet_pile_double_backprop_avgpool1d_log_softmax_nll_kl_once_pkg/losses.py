import torch
import torch.nn.functional as F


def classification_nll(logits, target):
    logp = F.log_softmax(logits, dim=-1)
    return F.nll_loss(logp, target)


def double_backprop_loss(model, scans, target, weight):
    """Drucker & LeCun double backpropagation: penalise ||d NLL / d input||^2."""
    scans = scans.detach().requires_grad_(True)
    logits = model(scans)
    nll = classification_nll(logits, target)
    (g,) = torch.autograd.grad(nll, scans, create_graph=True)
    return nll + weight * g.pow(2).sum((1, 2)).mean(), logits


def shift_consistency(model, scans, logits):
    """KL between predictions on a shifted scan and the (detached) clean prediction."""
    shifted = torch.roll(scans, shifts=3, dims=-1)
    logq = F.log_softmax(model(shifted), dim=-1)
    return F.kl_div(logq, F.softmax(logits.detach(), dim=-1), reduction="batchmean")
