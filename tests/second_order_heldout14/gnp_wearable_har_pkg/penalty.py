"""Gradient-norm penalty (Zhao et al., 2022): minimise L(w) + lam * ||grad_w L(w)||."""
import torch


class GradNormPenalty:
    def __init__(self, criterion, lam=0.05):
        self.criterion = criterion
        self.lam = lam

    def __call__(self, net, x, y):
        loss = self.criterion(net(x), y)
        params = [p for p in net.parameters() if p.requires_grad]
        grads = torch.autograd.grad(loss, params, create_graph=True)
        gnorm = torch.sqrt(sum((g * g).sum() for g in grads) + 1e-12)
        return loss + self.lam * gnorm, loss.detach()
