"""ConvNet used by DC/DSA/DM: depth x [conv, norm, act, pool] + linear classifier."""
import torch.nn as nn

NORMS = {
    "instancenorm": lambda c: nn.GroupNorm(c, c, affine=True),
    "batchnorm": lambda c: nn.BatchNorm2d(c),
    "none": lambda c: nn.Identity(),
}
POOLS = {
    "avgpooling": lambda: nn.AvgPool2d(kernel_size=2, stride=2),
    "maxpooling": lambda: nn.MaxPool2d(kernel_size=2, stride=2),
    "none": lambda: nn.Identity(),
}


class ConvNet(nn.Module):
    def __init__(self, channel, num_classes, width, depth, act, norm, pooling, im_size):
        super().__init__()
        layers, c, size = [], channel, im_size
        for _ in range(depth):
            layers.append(nn.Conv2d(c, width, kernel_size=3, padding=1))
            layers.append(NORMS[norm](width))
            layers.append(nn.ReLU(inplace=True) if act == "relu" else nn.Sigmoid())
            layers.append(POOLS[pooling]())
            c = width
            if pooling != "none":
                size //= 2
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Linear(width * size * size, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def get_network(args):
    return ConvNet(1, args.num_classes, args.net_width, args.net_depth, args.net_act, args.net_norm,
                   args.net_pooling, args.im_size)
