import torch
import torch.nn as nn


class ConvGNBlock(nn.Module):
    def __init__(self, cin, cout, groups, kernel):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, kernel, padding=kernel // 2)
        self.norm = nn.GroupNorm(groups, cout)
        self.act = nn.GELU()

    def forward(self, x):
        return self.act(self.norm(self.conv(x)))


class CallTypeNet(nn.Module):
    """Log-mel frames (B, mels, T) -> call-type logits."""

    def __init__(self, n_mels, n_classes, channels=32, groups=4, depth=2, kernel=5):
        super().__init__()
        blocks, cin = [], n_mels
        for _ in range(depth):
            blocks.append(ConvGNBlock(cin, channels, groups, kernel))
            cin = channels
        self.blocks = nn.ModuleList(blocks)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.head = nn.Linear(channels, n_classes)

    def forward(self, x):
        for blk in self.blocks:
            x = blk(x)
        return self.head(self.pool(x).squeeze(-1))


class ContrastiveProjector(nn.Module):
    """Projection head of the SimCLR pre-training run; not used in supervised fine-tuning."""

    def __init__(self, dim, out=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.Hardswish(), nn.Linear(dim, out))

    def forward(self, h):
        return self.net(h)
