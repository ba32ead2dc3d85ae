"""Learning to Reweight Examples (Ren et al. 2018): per-example weights from one look-ahead SGD step."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


class MetaReweighter:
    def __init__(self, net, inner_lr):
        self.net = net
        self.inner_lr = inner_lr

    def example_weights(self, x, y, x_meta, y_meta):
        params = dict(self.net.named_parameters())
        buffers = dict(self.net.named_buffers())
        eps = torch.zeros(x.size(0), requires_grad=True)
        logits = functional_call(self.net, (params, buffers), (x,))
        cost = F.cross_entropy(logits, y, reduction="none")
        grads = torch.autograd.grad((eps * cost).sum(), list(params.values()), create_graph=True)
        lookahead = {n: p - self.inner_lr * g for (n, p), g in zip(params.items(), grads)}
        meta_logits = functional_call(self.net, (lookahead, buffers), (x_meta,))
        meta_loss = F.cross_entropy(meta_logits, y_meta)
        (grad_eps,) = torch.autograd.grad(meta_loss, eps)
        w = torch.clamp(-grad_eps, min=0)
        return w / w.sum() if w.sum() > 0 else w
