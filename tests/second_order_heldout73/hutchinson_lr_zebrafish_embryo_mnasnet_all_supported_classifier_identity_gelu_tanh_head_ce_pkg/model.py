import torch.nn as nn
import torchvision.models as tvm


class EmbryoStageNet(nn.Module):
    """MNASNet-0.5 trunk (its own classifier switched off) + a small stage head."""

    def __init__(self, stages, head_width):
        super().__init__()
        self.trunk = tvm.mnasnet0_5(num_classes=stages)
        self.trunk.classifier = nn.Identity()
        self.head = nn.Sequential(
            nn.Linear(1280, head_width),
            nn.GELU(approximate="tanh"),
            nn.Linear(head_width, stages),
        )

    def forward(self, x):
        return self.head(self.trunk(x))
