import torch.nn as nn


def conv_block(cin, cout, stride=1):
    return nn.Sequential(
        nn.ReflectionPad2d(1),
        nn.Conv2d(cin, cout, 3, stride),
        nn.BatchNorm2d(cout),
        nn.LeakyReLU(0.1),
    )


class Backbone(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.stage1 = conv_block(3, width, stride=2)
        self.stage2 = conv_block(width, 2 * width, stride=1)
        self.down = nn.AvgPool2d(2)

    def forward(self, x):
        return self.down(self.stage2(self.stage1(x)))


class AnchorFreeDetector(Backbone):
    """One-level anchor-free detector: per-cell objectness, class logits and box offsets."""

    def __init__(self, n_classes=3, width=16):
        super().__init__(width)
        self.heads = nn.ModuleDict({
            "obj": nn.Conv2d(2 * width, 1, 1),
            "cls": nn.Conv2d(2 * width, n_classes, 1),
            "box": nn.Conv2d(2 * width, 4, 1),
        })

    def forward(self, x):
        feats = super().forward(x)
        return {k: head(feats) for k, head in self.heads.items()}
