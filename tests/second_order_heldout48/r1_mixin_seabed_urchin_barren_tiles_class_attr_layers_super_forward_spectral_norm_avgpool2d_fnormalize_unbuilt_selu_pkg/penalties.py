"""Mixins that add regularisers to a trainer exposing `self.critic`."""
import torch
import torch.nn.functional as F


class R1Mixin:
    """Zero-centred gradient penalty on real tiles (Mescheder et al., 2018)."""
    r1_gamma = 10.0

    def r1_penalty(self, real):
        real = real.detach().requires_grad_(True)
        scores = self.critic(real)
        (grad,) = torch.autograd.grad(scores.sum(), real, create_graph=True)
        penalty = 0.5 * self.r1_gamma * grad.pow(2).flatten(1).sum(1).mean()
        return penalty, scores


class RotationAuxMixin:
    """Self-supervised rotation prediction on the critic trunk (Chen et al., 2019)."""
    n_rotations = 4

    def rotation_loss(self, real):
        k = torch.randint(0, self.n_rotations, (real.size(0),))
        rotated = torch.stack([torch.rot90(img, int(r), dims=(1, 2)) for img, r in zip(real, k)])
        logits = self.critic.aux_head(self.critic.features(rotated))
        return F.cross_entropy(logits, k)
