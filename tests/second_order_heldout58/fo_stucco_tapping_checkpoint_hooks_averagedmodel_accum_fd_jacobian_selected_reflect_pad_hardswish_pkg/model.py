import torch.nn as nn
from torch.utils.checkpoint import checkpoint


class TapBlock(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Conv1d(ch, ch, 5, padding=2)
        self.norm = nn.BatchNorm1d(ch)
        self.act = nn.Hardswish()

    def forward(self, x):
        return x + self.act(self.norm(self.conv(x)))


class TapClassifier(nn.Module):
    def __init__(self, n_classes, channels=16, n_blocks=3, checkpoint=True):
        super().__init__()
        self.stem = nn.Conv1d(1, channels, 7)          # unpadded: a forward_pre_hook pads the signal
        self.blocks = nn.ModuleList([TapBlock(channels) for _ in range(n_blocks)])
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(channels, n_classes)
        self.use_checkpoint = checkpoint

    def forward(self, x):
        h = self.stem(x)
        for blk in self.blocks:
            h = checkpoint(blk, h, use_reentrant=False) if self.use_checkpoint and self.training else blk(h)
        return self.fc(self.pool(h).flatten(1))
