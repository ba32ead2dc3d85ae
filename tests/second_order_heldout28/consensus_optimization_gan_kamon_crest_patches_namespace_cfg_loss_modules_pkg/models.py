import torch.nn as nn


class CrestGenerator(nn.Module):
    """z -> 16x16 single-channel kamon (family crest) patch."""

    def __init__(self, cfg):
        super().__init__()
        width = cfg.model.g_width
        self.fc = nn.Linear(cfg.model.zdim, width * 4 * 4)
        self.up = nn.Upsample(scale_factor=2, mode=getattr(cfg.model, "upsample", "bilinear"))
        self.conv1 = nn.Conv2d(width, width // 2, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(width // 2)
        self.conv2 = nn.Conv2d(width // 2, 1, 3, padding=1)
        self.act = nn.ReLU()
        self.out = nn.Tanh()
        self.width = width

    def forward(self, z):
        h = self.fc(z).view(z.size(0), self.width, 4, 4)
        h = self.act(self.bn1(self.conv1(self.up(h))))
        return self.out(self.conv2(self.up(h)))


class CrestDiscriminator(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        width = cfg.model.d_width
        self.features = nn.Sequential(
            nn.Conv2d(1, width, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2),
            nn.Conv2d(width, 2 * width, 4, stride=2, padding=1),
            nn.LeakyReLU(0.2),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(2 * width, 1)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))
