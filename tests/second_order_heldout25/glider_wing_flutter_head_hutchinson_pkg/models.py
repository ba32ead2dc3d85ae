"""Flutter-onset classifier for glider wing accelerometer traces."""
import torch.nn as nn


def build_trunk(channels=(3, 16, 32)):
    layers = []
    for cin, cout in zip(channels[:-1], channels[1:]):
        layers += [nn.Conv1d(cin, cout, 7, padding=3), nn.Hardswish(), nn.AvgPool1d(2)]
    return nn.Sequential(*layers)


class FlutterHead(nn.Module):
    def __init__(self, d_in, n_cls=3):
        super().__init__()
        self.fc1 = nn.Linear(d_in, 64)
        self.act = nn.PReLU()
        self.fc2 = nn.Linear(64, n_cls)

    def forward(self, z):
        return self.fc2(self.act(self.fc1(z)))


class FlutterNet(nn.Module):
    def __init__(self, length=64):
        super().__init__()
        self.trunk = build_trunk()
        self.head = FlutterHead(32 * (length // 4))

    def forward(self, x):
        return self.head(self.trunk(x).flatten(1))
