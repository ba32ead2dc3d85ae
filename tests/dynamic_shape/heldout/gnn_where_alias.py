"""GNN: edge list from a dense adjacency via `from torch import where as tw` (one argument)."""
import torch
from torch import nn
from torch import where as tw


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x: torch.Tensor, adj: torch.Tensor) -> torch.Tensor:
        src, dst = tw(adj > 0)  # expect: MS201 dynamic
        msg = self.lin(x)[src]
        return torch.zeros_like(x).index_add_(0, dst, msg)


def inputs():
    return torch.randn(10, 8), (torch.rand(10, 10) > 0.7).float()
