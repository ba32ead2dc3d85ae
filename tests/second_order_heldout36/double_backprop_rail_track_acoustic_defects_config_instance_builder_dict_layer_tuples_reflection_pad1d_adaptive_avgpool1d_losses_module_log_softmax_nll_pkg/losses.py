"""Classification loss with Drucker-LeCun style input-gradient regularisation."""
import torch
import torch.nn.functional as F


def classification_loss(logits, target):
    return F.nll_loss(F.log_softmax(logits, dim=1), target)


def input_gradient_regularised(model, x, target, weight):
    x = x.requires_grad_(True)
    loss = classification_loss(model(x), target)
    (gx,) = torch.autograd.grad(loss, x, create_graph=True)
    penalty = gx.pow(2).sum(dim=(1, 2)).mean()
    return loss + weight * penalty, loss.detach(), penalty.detach()
