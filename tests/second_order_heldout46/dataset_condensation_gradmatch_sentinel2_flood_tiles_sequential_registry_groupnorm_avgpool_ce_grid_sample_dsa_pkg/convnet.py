import torch.nn as nn

LAYERS = {
    "conv": lambda c, out: nn.Conv2d(c, out, 3, padding=1),
    "instancenorm": lambda c: nn.GroupNorm(c, c, affine=True),
    "batchnorm": lambda c: nn.BatchNorm2d(c),
    "relu": lambda c: nn.ReLU(inplace=True),
    "avgpool": lambda c: nn.AvgPool2d(kernel_size=2, stride=2),
    "maxpool": lambda c: nn.MaxPool2d(kernel_size=2, stride=2),
}


def build_convnet(spec, in_ch, tile, n_classes):
    layers, c, size = [], in_ch, tile
    for kind, *args in spec:
        layers.append(LAYERS[kind](c, *args))
        if kind == "conv":
            c = args[0]
        if kind in ("avgpool", "maxpool"):
            size //= 2
    layers += [nn.Flatten(), nn.Linear(c * size * size, n_classes)]
    return nn.Sequential(*layers)
