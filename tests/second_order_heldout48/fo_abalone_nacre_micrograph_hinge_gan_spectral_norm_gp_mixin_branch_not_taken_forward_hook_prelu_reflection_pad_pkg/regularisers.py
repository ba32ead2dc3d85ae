"""Critic regularisers as mixins; the trainer decides which ones are active."""
import torch


class GradientPenaltyMixin:
    """WGAN-GP two-sided penalty on interpolates (Gulrajani et al., 2017)."""

    def gradient_penalty(self, real, fake):
        eps = torch.rand(real.size(0), 1, 1, 1)
        mix = (eps * real + (1 - eps) * fake).requires_grad_(True)
        (g,) = torch.autograd.grad(self.critic(mix).sum(), mix, create_graph=True)
        return ((g.flatten(1).norm(dim=1) - 1) ** 2).mean()


class GradNormMonitorMixin:
    """Logs the critic's input-gradient norm on real data (diagnostic only)."""

    def grad_norm(self, real):
        x = real.clone().requires_grad_(True)
        (g,) = torch.autograd.grad(self.critic(x).sum(), x)
        return g.flatten(1).norm(dim=1).mean().item()
