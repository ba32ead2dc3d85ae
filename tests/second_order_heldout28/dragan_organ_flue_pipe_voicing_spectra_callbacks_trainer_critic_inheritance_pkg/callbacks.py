import torch


class Callback:
    def on_critic_loss(self, trainer, loss, real):
        return loss

    def on_step_end(self, trainer, logs):
        pass


class DraganPenalty(Callback):
    """Kodali et al. (DRAGAN): penalise ||grad D|| != 1 around perturbed real samples."""

    def __init__(self, weight=10.0, noise=0.5):
        self.weight, self.noise = weight, noise

    def on_critic_loss(self, trainer, loss, real):
        std = real.std(dim=0, keepdim=True)
        perturbed = (real + self.noise * std * torch.rand_like(real)).detach().requires_grad_(True)
        out = trainer.critic(perturbed)
        grad, = torch.autograd.grad(out, perturbed, grad_outputs=torch.ones_like(out), create_graph=True)
        penalty = (grad.flatten(1).norm(dim=1) - 1.0).pow(2).mean()
        trainer.logs["dragan"] = penalty.item()
        return loss + self.weight * penalty


class PrintLogger(Callback):
    def on_step_end(self, trainer, logs):
        print(" ".join(f"{k}={v:.4f}" if isinstance(v, float) else f"{k}={v}" for k, v in logs.items()))
