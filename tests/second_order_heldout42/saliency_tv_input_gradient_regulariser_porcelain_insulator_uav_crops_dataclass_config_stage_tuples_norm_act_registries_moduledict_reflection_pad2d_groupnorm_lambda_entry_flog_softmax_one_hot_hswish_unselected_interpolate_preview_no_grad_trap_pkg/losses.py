"""Task loss and input-gradient regularisers, selected by name."""
import torch
import torch.nn.functional as F


def task_loss(logits, y):
    return F.cross_entropy(logits, y, label_smoothing=0.05)


def class_log_prob(model, x, y):
    logp = F.log_softmax(model(x), dim=1)
    return (logp * F.one_hot(y, logp.shape[1])).sum(1)


def saliency_tv(model, x, y):
    """Total variation of the saliency map |d log p(y|x) / dx|, normalised by its mean."""
    x = x.detach().requires_grad_(True)
    lp = class_log_prob(model, x, y)
    (sal,) = torch.autograd.grad(lp.sum(), x, create_graph=True)
    s = sal.abs().sum(1)
    tv = (s[:, 1:, :] - s[:, :-1, :]).abs().mean() + (s[:, :, 1:] - s[:, :, :-1]).abs().mean()
    return tv / (s.mean() + 1e-6)


def jacobian_projection(model, x, y):
    """Random-projection estimate of ||d logits / dx||_F^2 (Hoffman et al.)."""
    x = x.detach().requires_grad_(True)
    out = model(x)
    v = torch.randn_like(out)
    v = v / v.norm(dim=1, keepdim=True)
    (jv,) = torch.autograd.grad(out, x, grad_outputs=v, create_graph=True)
    return out.shape[1] * jv.pow(2).sum() / x.shape[0]


REGULARISERS = {"saliency_tv": saliency_tv, "jacobian_proj": jacobian_projection}
