"""Training callbacks. R1Penalty adds gamma/2 * ||grad D(real)||^2 to the discriminator loss; the trainer runs
each registered callback's hook with keyword arguments, passing itself as `trainer`."""
import torch


class Callback:
    def on_discriminator_loss(self, trainer, loss, real):
        return loss


class R1Penalty(Callback):
    def __init__(self, gamma=10.0):
        self.gamma = gamma

    def on_discriminator_loss(self, trainer, loss, real):
        real = real.detach().requires_grad_(True)
        scores = trainer.D(real)
        (g,) = torch.autograd.grad(scores.sum(), real, create_graph=True)
        return loss + 0.5 * self.gamma * g.pow(2).flatten(1).sum(1).mean()
