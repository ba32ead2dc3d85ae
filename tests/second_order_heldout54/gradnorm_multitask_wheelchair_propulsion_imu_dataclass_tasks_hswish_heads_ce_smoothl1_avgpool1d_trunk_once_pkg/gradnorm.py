"""Per-task losses and GradNorm (Chen et al., 2018) loss balancing."""
import torch
import torch.nn.functional as F


def task_loss(spec, pred, target):
    if spec.loss == "ce":
        return F.cross_entropy(pred, target)
    if spec.loss == "smooth_l1":
        return F.smooth_l1_loss(pred.squeeze(-1), target, beta=0.5)
    if spec.loss == "bce":
        return F.binary_cross_entropy_with_logits(pred.squeeze(-1), target)
    return F.mse_loss(pred.squeeze(-1), target)


class GradNorm:
    """Learns task weights so that the weighted tasks' gradient norms at W train at similar rates."""

    def __init__(self, n_tasks, alpha, lr):
        self.n = n_tasks
        self.alpha = alpha
        self.weights = torch.ones(n_tasks, requires_grad=True)
        self.opt = torch.optim.Adam([self.weights], lr=lr)
        self.initial = None

    def __call__(self, losses, shared_weight):
        if self.initial is None:
            self.initial = losses.detach().clone()
        norms = torch.stack([
            torch.autograd.grad(self.weights[i] * losses[i], shared_weight, retain_graph=True, create_graph=True)[0].norm()
            for i in range(self.n)
        ])
        with torch.no_grad():
            ratio = losses.detach() / self.initial
            target = norms.mean() * (ratio / ratio.mean()) ** self.alpha
        gn_loss = (norms - target).abs().sum()
        self.opt.zero_grad()
        self.weights.grad = torch.autograd.grad(gn_loss, self.weights, retain_graph=True)[0]
        self.opt.step()
        with torch.no_grad():
            self.weights.mul_(self.n / self.weights.sum())
        return gn_loss.detach()
