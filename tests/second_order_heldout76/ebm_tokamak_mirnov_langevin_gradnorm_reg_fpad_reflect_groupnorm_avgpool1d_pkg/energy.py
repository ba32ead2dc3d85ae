import torch
import torch.nn as nn
import torch.nn.functional as F


class MirnovEnergy(nn.Module):
    """Scalar energy of a multi-coil magnetic fluctuation window (B, coils, T)."""

    def __init__(self, coils, width):
        super().__init__()
        self.conv1 = nn.Conv1d(coils, width, 5)
        self.norm1 = nn.GroupNorm(4, width)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.head = nn.Linear(width, 1)

    def forward(self, x):
        # coils sit on a poloidal ring but each window is a finite time slice: mirror the time edges
        h = F.pad(x, (2, 2), mode="reflect")
        h = F.silu(self.norm1(self.conv1(h)))
        h = self.pool(h)
        h = F.silu(self.conv2(h))
        return self.head(h.mean(-1)).squeeze(-1)


def input_gradient(energy, x, create_graph):
    e = energy(x)
    g = torch.autograd.grad(e.sum(), x, create_graph=create_graph)[0]
    return e, g
