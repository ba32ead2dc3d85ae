import torch
import torch.nn.functional as F


def focal_loss(logits, target, gamma=2.0):
    logp = F.log_softmax(logits, dim=-1).gather(1, target[:, None]).squeeze(1)
    return (-(1 - logp.exp()) ** gamma * logp).mean()


LOSSES = {
    "cross_entropy": F.cross_entropy,
    "focal": focal_loss,
}


def task_loss(name, logits, target):
    return LOSSES[name](logits, target)


def gradnorm_regularised(model, x, y, loss_name, weight):
    """loss + weight * ||dL/dtheta||  (Barrett & Dherin style implicit-gradient regulariser)."""
    loss = task_loss(loss_name, model(x), y)
    params = [p for p in model.parameters() if p.requires_grad]
    grads = torch.autograd.grad(loss, params, create_graph=True)
    gnorm = torch.sqrt(sum((g ** 2).sum() for g in grads) + 1e-12)
    return loss + weight * gnorm, loss.detach(), gnorm.detach()
