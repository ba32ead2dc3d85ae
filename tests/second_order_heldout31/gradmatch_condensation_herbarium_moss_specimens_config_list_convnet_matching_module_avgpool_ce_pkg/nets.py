import torch.nn as nn


def conv_block(c_in, c_out):
    return [nn.Conv2d(c_in, c_out, 3, padding=1), nn.BatchNorm2d(c_out), nn.SiLU(), nn.AvgPool2d(2)]


class ConvNet(nn.Module):
    """The small ConvNet of dataset condensation papers, depth taken from the config list."""

    def __init__(self, cfg):
        super().__init__()
        chans = [1, *cfg.channels]
        self.features = nn.Sequential(*[m for a, b in zip(chans[:-1], chans[1:]) for m in conv_block(a, b)])
        side = cfg.img // 2 ** len(cfg.channels)
        self.classifier = nn.Linear(chans[-1] * side * side, cfg.n_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
