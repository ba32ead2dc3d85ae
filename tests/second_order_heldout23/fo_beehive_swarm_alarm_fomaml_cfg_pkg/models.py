import torch.nn as nn


class SwarmNet(nn.Module):
    """Acoustic + weight features of a hive -> swarming within 48 h (binary)."""

    def __init__(self, n_feat=20):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_feat, 40), nn.PReLU(), nn.Linear(40, 40), nn.GELU(approximate="tanh"))
        self.out = nn.Linear(40, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)
