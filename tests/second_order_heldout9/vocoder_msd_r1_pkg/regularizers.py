"""R1 for multi-output discriminators."""
import torch


class R1Penalty:
    def __init__(self, gamma=10.0, every=4):
        self.gamma = gamma
        self.every = every

    def __call__(self, step, disc, real_wav):
        if step % self.every:
            return real_wav.new_zeros(())
        real_wav = real_wav.detach().requires_grad_(True)
        total = sum(s.sum() for s in disc(real_wav))
        (g,) = torch.autograd.grad(total, real_wav, create_graph=True)
        return 0.5 * self.gamma * self.every * g.square().sum(dim=(1, 2)).mean()
