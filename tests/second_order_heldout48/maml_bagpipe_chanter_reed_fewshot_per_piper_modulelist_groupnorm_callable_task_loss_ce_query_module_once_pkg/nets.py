"""Conv1d encoder over chanter spectra, built as a ModuleList of blocks."""
import torch
import torch.nn as nn


class ConvBlock(nn.Module):
    def __init__(self, cin, cout, groups):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 5, padding=2)
        self.norm = nn.GroupNorm(groups, cout)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


class ChanterNet(nn.Module):
    block_cls = ConvBlock

    def __init__(self, in_ch, widths, groups, n_way):
        super().__init__()
        self.blocks = nn.ModuleList()
        c = in_ch
        for w in widths:
            self.blocks.append(self.block_cls(c, w, groups))
            c = w
        self.head = nn.Linear(c, n_way)

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg.IN_CH, cfg.WIDTHS, cfg.GROUPS, cfg.N_WAY)

    def embed(self, x):
        for block in self.blocks:
            x = block(x)
        return x.mean(dim=-1)

    def forward(self, x):
        return self.head(self.embed(x))


class DilatedBlock(ConvBlock):
    def __init__(self, cin, cout, groups):
        super().__init__(cin, cout, groups)
        self.conv = nn.Conv1d(cin, cout, 3, padding=2, dilation=2)
        self.act = nn.PReLU(cout)
        self.pool = nn.AvgPool1d(3, stride=1, padding=1)

    def forward(self, x):
        return self.pool(super().forward(x))


class DilatedChanterNet(ChanterNet):
    """Dilated variant for the drone-reed study; not selected in train.py."""
    block_cls = DilatedBlock
