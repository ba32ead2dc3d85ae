"""Consistency-model training step: the extra boundary loss runs only when the batch holds samples at t > 0 (walrus count in the if)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, dim: int = 8) -> None:
        super().__init__()
        self.net = nn.Linear(dim + 1, dim)

    def forward(self, x: torch.Tensor, t: torch.Tensor):
        out = self.net(torch.cat([x, t[:, None].float()], -1))
        loss = out.pow(2).mean()
        if (n_noisy := int((t > 0).sum())) > 0:  # expect: MS204 dynamic
            loss = loss + out.abs().mean() / n_noisy
        return loss


def inputs():
    return torch.randn(4, 8), torch.tensor([0, 3, 5, 0])
