"""Residual 1-D blocks; activation checkpointing keeps the long seismogram windows within memory."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


class TremorResBlock(nn.Module):
    def __init__(self, width, kernel=5, use_checkpoint=True):
        super().__init__()
        self.use_checkpoint = use_checkpoint
        self.edge = kernel // 2
        self.norm = nn.InstanceNorm1d(width, affine=True)
        self.conv1 = nn.Conv1d(width, width, kernel_size=kernel)
        self.conv2 = nn.Conv1d(width, width, kernel_size=1)

    def _residual(self, x):
        h = F.gelu(self.norm(x), approximate="tanh")
        # replicate the window edges instead of zero padding (no artificial step at the window boundary)
        h = F.pad(h, (self.edge, self.edge), mode="replicate")
        h = torch.tanh(self.conv1(h))
        return x + self.conv2(h)

    def forward(self, x):
        if self.use_checkpoint and torch.is_grad_enabled():
            return checkpoint(self._residual, x, use_reentrant=False)
        return self._residual(x)
