import torch.nn as nn


def make_norm(kind, channels):
    if kind == "bn":
        return nn.BatchNorm2d(channels, track_running_stats=False)
    if kind == "lrn":
        return nn.LocalResponseNorm(size=3, alpha=1e-3, beta=0.75)
    return nn.Identity()


class StampNet(nn.Module):
    """Sheet-metal stamping defect crops (split, wrinkle, scratch, ...)."""

    def __init__(self, cfg):
        super().__init__()
        c = cfg.channels
        self.stem = nn.Conv2d(1, c, 3, stride=2, padding=1)
        self.norm1 = make_norm(cfg.norm, c)
        self.conv = nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.norm2 = make_norm(cfg.norm, c)
        self.head = nn.Linear(c * (cfg.img // 4) ** 2, cfg.n_way)

    def forward(self, x):
        h = self.norm1(self.stem(x)).relu()
        h = self.norm2(self.conv(h)).relu()
        return self.head(h.flatten(1))
