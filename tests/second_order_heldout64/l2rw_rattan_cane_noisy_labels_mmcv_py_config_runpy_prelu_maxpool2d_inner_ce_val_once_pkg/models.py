"""Backbone / head / classifier built from mmcv-style dicts."""
import torch.nn as nn

from registry import ACTIVATION_LAYERS, BACKBONES, HEADS, MODELS, POOLING_LAYERS

ACTIVATION_LAYERS.register_module("ReLU", module=nn.ReLU)
ACTIVATION_LAYERS.register_module("PReLU", module=nn.PReLU)
ACTIVATION_LAYERS.register_module("Hardswish", module=nn.Hardswish)
POOLING_LAYERS.register_module("AvgPool2d", module=nn.AvgPool2d)
POOLING_LAYERS.register_module("MaxPool2d", module=nn.MaxPool2d)


@BACKBONES.register_module()
class TinyConvNet(nn.Module):
    def __init__(self, in_channels, widths, act_cfg, pool_cfg):
        super().__init__()
        layers, c = [], in_channels
        for w in widths:
            layers += [
                nn.Conv2d(c, w, 3, padding=1),
                ACTIVATION_LAYERS.build(act_cfg),
                POOLING_LAYERS.build(pool_cfg),
            ]
            c = w
        self.body = nn.Sequential(*layers)
        self.out_channels = c

    def forward(self, x):
        return self.body(x).mean(dim=(2, 3))


@HEADS.register_module()
class LinearHead(nn.Module):
    def __init__(self, in_channels, num_classes):
        super().__init__()
        self.fc = nn.Linear(in_channels, num_classes)

    def forward(self, feats):
        return self.fc(feats)


@MODELS.register_module()
class CaneGrader(nn.Module):
    def __init__(self, backbone, head):
        super().__init__()
        self.backbone = BACKBONES.build(backbone)
        self.head = HEADS.build(head, in_channels=self.backbone.out_channels)

    def forward(self, x):
        return self.head(self.backbone(x))
