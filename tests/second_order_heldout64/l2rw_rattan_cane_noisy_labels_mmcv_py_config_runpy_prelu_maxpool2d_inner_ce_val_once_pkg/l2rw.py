"""Learning to reweight examples: weights from one virtual SGD step evaluated on clean validation data."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


def example_weights(model, x_noisy, y_noisy, x_val, y_val, meta_cfg):
    params = dict(model.named_parameters())
    eps = torch.zeros(x_noisy.shape[0], requires_grad=True)
    logits = functional_call(model, params, (x_noisy,))
    per_example = F.cross_entropy(logits, y_noisy, reduction="none")
    grads = torch.autograd.grad((eps * per_example).sum(), list(params.values()), create_graph=True)
    virtual = {k: p - meta_cfg["virtual_lr"] * g for (k, p), g in zip(params.items(), grads)}
    val_loss = F.cross_entropy(functional_call(model, virtual, (x_val,)), y_val)
    (eps_grad,) = torch.autograd.grad(val_loss, eps)
    w = torch.clamp(-eps_grad, min=0.0)
    if meta_cfg.get("normalise_weights", True):
        w = w / w.sum().clamp_min(1e-12)
    return w.detach(), val_loss.detach()
