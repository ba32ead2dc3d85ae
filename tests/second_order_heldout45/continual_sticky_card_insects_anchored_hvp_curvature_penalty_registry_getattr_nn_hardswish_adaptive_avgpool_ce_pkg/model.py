"""Small CNN shared across all orchards (single growing head, class-incremental)."""
import torch.nn as nn


class TrapCardNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        w = cfg.width
        self.conv1 = nn.Conv2d(3, w, 3, padding=1)
        self.conv2 = nn.Conv2d(w, 2 * w, 3, stride=2, padding=1)
        self.act = getattr(nn, cfg.act)()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(2 * w, cfg.n_tasks * cfg.classes_per_task)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        return self.head(self.pool(h).flatten(1))
