import torch.nn as nn

import config


class YieldRegressor(nn.Module):
    """Sugar-beet yield from a season of weekly NDVI / soil-moisture / temperature readings."""

    def __init__(self, ch=config.CHANNELS):
        super().__init__()
        self.conv = nn.Conv1d(3, ch, 3, padding=1)
        self.shrink = nn.Softshrink(0.05)
        self.pool = nn.AvgPool1d(2)
        self.fc = nn.Linear(ch * config.SEQ_LEN // 2, 8)
        self.act = nn.SELU()
        self.out = nn.Linear(8, 1)

    def forward(self, x):
        h = self.pool(self.shrink(self.conv(x)))
        return self.out(self.act(self.fc(h.flatten(1)))).squeeze(-1)
