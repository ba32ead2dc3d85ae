import torch.nn as nn
from torchvision import models


class DiatomLearner(nn.Module):
    """Grey-scale micrographs -> 3-channel adapter -> torchvision backbone from the config."""

    def __init__(self, cfg):
        super().__init__()
        self.adapter = nn.Sequential(nn.Conv2d(1, 3, kernel_size=1), nn.ReLU6())
        self.backbone = getattr(models, cfg.arch)(num_classes=cfg.n_way)

    def forward(self, x):
        return self.backbone(self.adapter(x))
