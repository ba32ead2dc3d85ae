"""MAML over lenders. The base class owns the functional inner loop; subclasses define the task loss."""
import torch
import torch.nn.functional as F
from torch.func import functional_call


class MetaLearner:
    def __init__(self, net, cfg):
        self.net = net
        self.cfg = cfg

    def params(self):
        return dict(self.net.named_parameters())

    def predict(self, params, x):
        return functional_call(self.net, params, (x,)).squeeze(-1)

    def inner_loss(self, params, x, y):
        raise NotImplementedError

    def adapt(self, params, x, y, train=True):
        for _ in range(self.cfg.inner_steps):
            loss = self.inner_loss(params, x, y)
            grads = torch.autograd.grad(loss, list(params.values()),
                                        create_graph=self.cfg.second_order if train else False)
            params = {k: p - self.cfg.inner_lr * g for (k, p), g in zip(params.items(), grads)}
        return params


class CreditMAML(MetaLearner):
    def inner_loss(self, params, x, y):
        pd = torch.sigmoid(self.predict(params, x))  # probability of default
        return F.binary_cross_entropy(pd, y)
