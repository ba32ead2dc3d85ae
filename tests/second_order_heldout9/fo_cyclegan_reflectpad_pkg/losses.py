"""LSGAN + cycle-consistency objectives and training diagnostics."""
import torch
import torch.nn as nn


class GANLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.loss = nn.MSELoss()

    def forward(self, pred, is_real):
        target = torch.ones_like(pred) if is_real else torch.zeros_like(pred)
        return self.loss(pred, target)


def input_gradient_norm(disc, images):
    """How sharp is D around real images? Logged only: no graph is kept."""
    images = images.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(disc(images).sum(), images, create_graph=False)
    return g.flatten(1).norm(dim=1).mean().item()


def param_grad_norm(module):
    norms = [p.grad.detach().norm() for p in module.parameters() if p.grad is not None]
    return torch.stack(norms).norm().item() if norms else 0.0
