import torch.nn as nn


class ReefSpectraNet(nn.Module):
    def __init__(self, bands, hidden):
        super().__init__()
        self.fc1 = nn.Linear(bands, hidden)
        self.act = nn.ELU()
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))
