import copy

import torch


class EMA:
    """Keeps an exponential moving average of a model; `.module` is the live (trained) network."""

    def __init__(self, module, decay):
        self.module = module
        self.shadow = copy.deepcopy(module).eval()
        for p in self.shadow.parameters():
            p.requires_grad_(False)
        self.decay = decay

    @torch.no_grad()
    def update(self):
        for s, p in zip(self.shadow.parameters(), self.module.parameters()):
            s.mul_(self.decay).add_(p.detach(), alpha=1 - self.decay)

    def parameters(self):
        return self.module.parameters()
