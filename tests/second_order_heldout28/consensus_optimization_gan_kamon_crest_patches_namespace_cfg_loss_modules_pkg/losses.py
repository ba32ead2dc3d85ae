import torch
import torch.nn as nn
import torch.nn.functional as F


def _bce(logits, target_value):
    return F.binary_cross_entropy_with_logits(logits, torch.full_like(logits, target_value))


class NonSaturatingGANLoss(nn.Module):
    def discriminator(self, real_logits, fake_logits):
        return _bce(real_logits, 1.0) + _bce(fake_logits, 0.0)

    def generator(self, fake_logits):
        return _bce(fake_logits, 1.0)


class ConsensusRegularizer(nn.Module):
    """Mescheder et al. (2017): L = 1/2 ||v||^2 with v the joint gradient field of both players."""

    def __init__(self, gamma):
        super().__init__()
        self.gamma = gamma

    def forward(self, d_loss, g_loss, d_params, g_params):
        grads_d = torch.autograd.grad(d_loss, d_params, create_graph=True)
        grads_g = torch.autograd.grad(g_loss, g_params, create_graph=True)
        sq = sum(g.pow(2).sum() for g in grads_d) + sum(g.pow(2).sum() for g in grads_g)
        return 0.5 * self.gamma * sq
