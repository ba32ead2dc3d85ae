"""Critic hierarchy, part 1: BaseCritic (score interface, default activation) -> ConvCritic (layers)."""
import torch.nn as nn
import torch.nn.functional as F


class BaseCritic(nn.Module):
    """features(x) -> score(f). Subclasses choose the layers; make_act is the activation hook."""

    def make_act(self):
        return nn.PReLU()

    def features(self, x):
        raise NotImplementedError

    def score(self, f):
        raise NotImplementedError

    def forward(self, x):
        return self.score(self.features(x)).squeeze(-1)


class ConvCritic(BaseCritic):
    def __init__(self, channels, width):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv1 = nn.Conv2d(channels, width, 3)
        self.conv2 = nn.Conv2d(width, 2 * width, 3)
        self.act = self.make_act()
        self.fc = nn.Linear(2 * width, 1)

    def features(self, x):
        h = self.act(self.conv1(self.pad(x)))
        h = F.avg_pool2d(h, 2)
        h = self.act(self.conv2(self.pad(h)))
        return h.mean(dim=(2, 3))

    def score(self, f):
        return self.fc(f)
