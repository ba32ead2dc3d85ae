import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class ScanBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 5, padding=2)
        self.bn = nn.BatchNorm1d(cout)
        self.act = nn.SiLU()
        self.pool = nn.AvgPool1d(2)

    def forward(self, x):
        return self.pool(self.act(self.bn(self.conv(x))))


class PileDefectNet(nn.Module):
    def __init__(self, n_cls, widths=(1, 12, 24), use_checkpoint=True):
        super().__init__()
        self.blocks = nn.ModuleList(ScanBlock(a, b) for a, b in zip(widths[:-1], widths[1:]))
        self.head = nn.Linear(widths[-1], n_cls)
        self.use_checkpoint = use_checkpoint

    def forward(self, x):
        for blk in self.blocks:
            if self.use_checkpoint and torch.is_grad_enabled():
                x = checkpoint(blk, x, use_reentrant=False)
            else:
                x = blk(x)
        return self.head(x.mean(-1))
