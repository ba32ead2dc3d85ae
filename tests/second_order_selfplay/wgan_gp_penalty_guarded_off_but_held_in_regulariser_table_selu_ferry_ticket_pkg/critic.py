import torch.nn as nn


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(4, 16),
            nn.SELU(),
            nn.Linear(16, 1),
        )

    def forward(self, x):
        return self.net(x)
