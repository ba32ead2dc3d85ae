"""Zero-centred R1 penalty on real impressions (Mescheder et al. 2018)."""
import torch


class R1Penalty:
    def __init__(self, gamma, create_graph):
        self.gamma = gamma
        self.create_graph = create_graph

    @classmethod
    def from_config(cls, cfg):
        return cls(gamma=cfg.r1_gamma, create_graph=cfg.exact_r1)

    def __call__(self, critic, real):
        real = real.detach().requires_grad_(True)
        scores = critic(real)
        (grad_real,) = torch.autograd.grad(scores.sum(), real, create_graph=self.create_graph)
        return 0.5 * self.gamma * grad_real.pow(2).flatten(1).sum(1).mean()
