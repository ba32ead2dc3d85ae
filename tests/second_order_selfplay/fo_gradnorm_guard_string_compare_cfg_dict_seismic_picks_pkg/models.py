import torch.nn as nn


class PickerNet(nn.Module):
    def __init__(self, channels, hidden):
        super().__init__()
        self.conv = nn.Conv1d(channels, hidden, 5, padding=2)
        self.act = nn.Hardswish()
        self.head = nn.Conv1d(hidden, 1, 1)

    def forward(self, x):
        return self.head(self.act(self.conv(x))).squeeze(1)
