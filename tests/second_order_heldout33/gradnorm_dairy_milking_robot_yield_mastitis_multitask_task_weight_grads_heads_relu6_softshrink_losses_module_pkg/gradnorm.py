"""GradNorm (Chen et al. 2018): balance task weights by matching per-task gradient norms at the last
shared layer."""
import torch


class GradNormBalancer:
    def __init__(self, task_names, alpha=1.5, lr=0.025):
        self.names = list(task_names)
        self.weights = torch.ones(len(self.names), requires_grad=True)
        self.opt = torch.optim.Adam([self.weights], lr=lr)
        self.alpha = alpha
        self.initial = None

    def weight_grads(self, losses, shared_w):
        task_losses = torch.stack([losses[n] for n in self.names])
        if self.initial is None:
            self.initial = task_losses.detach()
        norms = []
        for i in range(len(self.names)):
            g = torch.autograd.grad(self.weights[i] * task_losses[i], shared_w, retain_graph=True, create_graph=True)[0]
            norms.append(g.norm())
        norms = torch.stack(norms)
        ratios = task_losses.detach() / self.initial
        target = (norms.mean() * (ratios / ratios.mean()) ** self.alpha).detach()
        gn_loss = (norms - target).abs().sum()
        return torch.autograd.grad(gn_loss, self.weights)[0]

    def step(self, grad_w):
        self.weights.grad = grad_w
        self.opt.step()
        with torch.no_grad():
            self.weights.mul_(len(self.names) / self.weights.sum())
