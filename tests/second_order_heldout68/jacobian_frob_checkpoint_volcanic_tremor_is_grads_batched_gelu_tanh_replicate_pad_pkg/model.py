import torch.nn as nn

from blocks import TremorResBlock
from config import TREMOR_TYPES


class TremorNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.stem = nn.Conv1d(cfg.n_channels, cfg.width, kernel_size=7, padding=3)
        self.blocks = nn.ModuleList(
            [TremorResBlock(cfg.width, use_checkpoint=cfg.checkpoint_blocks) for _ in range(cfg.n_blocks)]
        )
        self.down = nn.AvgPool1d(2)
        self.head = nn.Linear(cfg.width, len(TREMOR_TYPES))

    def forward(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = self.down(block(h))
        return self.head(h.mean(dim=-1))
