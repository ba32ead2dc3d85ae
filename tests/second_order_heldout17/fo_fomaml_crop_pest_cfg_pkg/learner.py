import torch
import torch.nn.functional as F
from torch.func import functional_call


class MetaLearner:
    def __init__(self, net, cfg):
        self.net, self.cfg = net, cfg

    def adapt(self, xs, ys):
        params = dict(self.net.named_parameters())
        for _ in range(self.cfg.inner_steps):
            loss = F.cross_entropy(functional_call(self.net, params, (xs,)), ys)
            grads = torch.autograd.grad(loss, tuple(params.values()), create_graph=not self.cfg.first_order)
            params = {n: p - self.cfg.inner_lr * g for (n, p), g in zip(params.items(), grads)}
        return params

    def query_loss(self, params, xq, yq):
        return F.cross_entropy(functional_call(self.net, params, (xq,)), yq)
