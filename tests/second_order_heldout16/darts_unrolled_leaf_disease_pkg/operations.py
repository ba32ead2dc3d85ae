import torch.nn as nn

OPS = {
    "avg_pool_3x3": lambda C: nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False),
    "conv_3x3": lambda C: nn.Sequential(nn.ReLU(inplace=False), nn.Conv2d(C, C, 3, padding=1, bias=False),
                                        nn.BatchNorm2d(C, affine=False)),
    "hswish_conv_1x1": lambda C: nn.Sequential(nn.Conv2d(C, C, 1, bias=False), nn.Hardswish()),
    "skip_connect": lambda C: nn.Identity(),
}
