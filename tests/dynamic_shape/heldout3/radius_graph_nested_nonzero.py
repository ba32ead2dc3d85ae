"""3D point-cloud GNN: radius graph edges from a nested helper returning (dist < r).nonzero().t(), then message passing."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, r: float = 0.5, dim: int = 4) -> None:
        super().__init__()
        self.r = r
        self.msg = nn.Linear(dim, dim)

    def forward(self, pos: torch.Tensor, feats: torch.Tensor):
        def radius_edges(p):
            d = torch.cdist(p, p)
            return ((d < self.r) & (d > 0)).nonzero().t()  # expect: MS201 dynamic

        src, dst = radius_edges(pos)
        return torch.zeros_like(feats).index_add(0, dst, self.msg(feats[src]))


def inputs():
    return torch.rand(20, 3), torch.randn(20, 4)
