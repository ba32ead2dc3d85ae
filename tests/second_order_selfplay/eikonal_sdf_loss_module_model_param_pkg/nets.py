import torch.nn as nn


class ImplicitLid(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(3, width),
            nn.Softplus(beta=100),
            nn.Linear(width, width),
            nn.ELU(),
            nn.Linear(width, 1),
        )

    def forward(self, p):
        return self.net(p)
