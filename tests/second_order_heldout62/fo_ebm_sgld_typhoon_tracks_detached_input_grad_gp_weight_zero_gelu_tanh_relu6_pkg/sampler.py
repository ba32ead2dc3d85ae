"""Persistent SGLD sampler with a replay buffer; every step works on detached tensors."""
import torch


class ReplayBuffer:
    def __init__(self, size, shape, gen):
        self.gen = gen
        self.data = torch.randn(size, *shape, generator=gen) * 0.5

    def sample(self, n, reinit_prob):
        idx = torch.randint(0, len(self.data), (n,), generator=self.gen)
        x = self.data[idx].clone()
        fresh = torch.rand(n, generator=self.gen) < reinit_prob
        x[fresh] = torch.randn(int(fresh.sum()), *x.shape[1:], generator=self.gen) * 0.5
        return x, idx

    def push(self, x, idx):
        self.data[idx] = x.detach()


def sgld(energy, x, steps, step_size, noise):
    was_training = energy.training
    energy.eval()
    for _ in range(steps):
        x = x.detach().requires_grad_(True)
        grad_x = torch.autograd.grad(energy(x).sum(), x)[0]
        x = x - step_size * grad_x + noise * torch.randn_like(x)
    energy.train(was_training)
    return x.detach()
