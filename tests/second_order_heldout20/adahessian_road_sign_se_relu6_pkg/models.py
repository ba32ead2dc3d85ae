import torch.nn as nn
import torch.nn.functional as F


class h_sigmoid(nn.Module):
    def __init__(self, inplace=True):
        super().__init__()
        self.relu = nn.ReLU6(inplace=inplace)

    def forward(self, x):
        return self.relu(x + 3) / 6


class SqueezeExcite(nn.Module):
    def __init__(self, ch, r=4):
        super().__init__()
        self.fc1 = nn.Conv2d(ch, ch // r, 1)
        self.fc2 = nn.Conv2d(ch // r, ch, 1)
        self.gate = h_sigmoid()

    def forward(self, x):
        s = x.mean((2, 3), keepdim=True)
        s = self.gate(self.fc2(F.relu(self.fc1(s))))
        return x * s


class SignNet(nn.Module):
    def __init__(self, n_cls=43):
        super().__init__()
        self.stem = nn.Conv2d(3, 16, 3, stride=2, padding=1)
        self.se = SqueezeExcite(16)
        self.fc = nn.Linear(16, n_cls)

    def forward(self, x):
        h = self.se(F.relu(self.stem(x)))
        return self.fc(h.mean((2, 3)))
