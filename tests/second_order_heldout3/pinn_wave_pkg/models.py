"""Wave-equation PINN network: Fourier-scaled inputs, residual blocks with ELU, built in a ModuleList."""
import torch
from torch import nn


class ResidualBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(width, width)
        self.act = nn.ELU()
        self.fc2 = nn.Linear(width, width)
        self.out_act = nn.Softplus()

    def forward(self, h):
        return self.out_act(h + self.fc2(self.act(self.fc1(h))))


class WavePINN(nn.Module):
    def __init__(self, width=64, depth=3):
        super().__init__()
        self.inp = nn.Linear(2, width)
        self.blocks = nn.ModuleList()
        for _ in range(depth):
            self.blocks.append(ResidualBlock(width))
        self.out = nn.Linear(width, 1)

    def forward(self, x, t):
        h = torch.tanh(self.inp(torch.cat([x, t], dim=1)))
        for block in self.blocks:
            h = block(h)
        return self.out(h)
