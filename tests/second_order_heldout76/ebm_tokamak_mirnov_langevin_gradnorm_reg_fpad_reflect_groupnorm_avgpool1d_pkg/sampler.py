import torch
import torch.nn.functional as F

from energy import input_gradient


class ReplayBuffer:
    def __init__(self, size, coils, window, reinit_freq, gen):
        self.gen = gen
        self.reinit_freq = reinit_freq
        self.coils, self.window = coils, window
        self.store = self._noise(size)

    @torch.no_grad()
    def _noise(self, n):
        # band-limited noise: circularly padded moving average of white noise
        raw = torch.randn(n, self.coils, self.window, generator=self.gen)
        raw = F.pad(raw, (3, 3), mode="circular")
        return F.avg_pool1d(raw, 7, stride=1)

    def sample(self, n):
        idx = torch.randint(self.store.shape[0], (n,), generator=self.gen)
        x = self.store[idx].clone()
        fresh = torch.rand(n, generator=self.gen) < self.reinit_freq
        x[fresh] = self._noise(int(fresh.sum()))
        return x, idx

    def push(self, x, idx):
        self.store[idx] = x.detach()


def langevin(energy, x, steps, step_size, noise):
    """Short-run SGLD on the inputs; gradients w.r.t. x only, no graph kept."""
    was_training = energy.training
    energy.eval()
    for _ in range(steps):
        x = x.detach().requires_grad_(True)
        _, g = input_gradient(energy, x, create_graph=False)
        x = x - step_size * g + noise * torch.randn_like(x)
    energy.train(was_training)
    return x.detach()
