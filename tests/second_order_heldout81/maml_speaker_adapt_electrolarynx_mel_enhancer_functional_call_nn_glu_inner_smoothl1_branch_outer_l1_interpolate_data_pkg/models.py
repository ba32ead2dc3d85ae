import torch
import torch.nn as nn


class GatedConvBlock(nn.Module):
    """Residual dilated Conv1d with a GLU gate over channels (Dauphin et al.)."""

    def __init__(self, ch, kernel_size, dilation):
        super().__init__()
        self.conv = nn.Conv1d(ch, 2 * ch, kernel_size, dilation=dilation, padding=dilation * (kernel_size - 1) // 2)
        self.glu = nn.GLU(dim=1)
        self.norm = nn.LayerNorm(ch)

    def forward(self, x):
        h = self.glu(self.conv(x))
        return self.norm((x + h).transpose(1, 2)).transpose(1, 2)


class MelEnhancer(nn.Module):
    """Maps buzzy electrolarynx log-mels to natural-sounding log-mels (residual prediction)."""

    def __init__(self, cfg):
        super().__init__()
        self.inp = nn.Conv1d(cfg.n_mels, cfg.channels, 1)
        self.blocks = nn.ModuleList(GatedConvBlock(cfg.channels, cfg.kernel_size, d) for d in cfg.dilations)
        self.out = nn.Sequential(nn.Conv1d(cfg.channels, cfg.channels, 1), nn.Tanh(), nn.Conv1d(cfg.channels, cfg.n_mels, 1))

    def forward(self, mel):
        h = self.inp(mel)
        for block in self.blocks:
            h = block(h)
        return mel + self.out(h)
