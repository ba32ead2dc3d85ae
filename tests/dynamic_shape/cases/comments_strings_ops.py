"""Negative: torch.nonzero, masked_select and x[mask] appear only in comments and strings."""
import torch
import torch.nn as nn

NOTE = "the reference code used torch.nonzero(mask) and x.masked_select(mask); we mask instead"


class Case(nn.Module):
    def forward(self, x, mask):
        # originally: x = x[mask]  (ragged) -> replaced by x * mask (dense)
        # torch.unique(labels) is not needed either
        msg = f"x.item() and t.tolist() avoided; {NOTE}"
        return x * mask.unsqueeze(-1), len(msg)


def inputs():
    return torch.randn(5, 4), torch.rand(5) > 0.5
