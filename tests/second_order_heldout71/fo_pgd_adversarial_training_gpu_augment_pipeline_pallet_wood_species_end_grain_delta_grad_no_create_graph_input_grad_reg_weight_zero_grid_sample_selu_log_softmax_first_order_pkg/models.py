import torch.nn as nn
import torch.nn.functional as F


class EndGrainNet(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.c1 = nn.Conv2d(3, 16, 3, padding=1)
        self.c2 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.act = nn.SELU()
        self.fc = nn.Linear(32 * 8 * 8, classes)

    def forward(self, x):
        h = self.act(self.c1(x))
        h = self.act(self.c2(h))
        return F.log_softmax(self.fc(h.flatten(1)), dim=-1)
