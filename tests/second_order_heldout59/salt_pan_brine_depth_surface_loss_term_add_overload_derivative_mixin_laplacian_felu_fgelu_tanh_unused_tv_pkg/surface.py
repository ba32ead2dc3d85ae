"""Neural brine-depth surface d(x, y) over a salt pan, depth >= 0 through a softplus head."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class BrineSurface(nn.Module):
    def __init__(self, width=48):
        super().__init__()
        self.inp = nn.Linear(2, width)
        self.mid = nn.Linear(width, width)
        self.out = nn.Linear(width, 1)
        self.depth = nn.Softplus(beta=20.0)

    def forward(self, xy):
        h = F.elu(self.inp(xy))
        h = F.gelu(self.mid(h), approximate="tanh")
        return self.depth(self.out(h))


@torch.no_grad()
def render(model, n=32):
    """Depth map for the field report (smoothed with a 3x3 box filter)."""
    g = torch.linspace(0, 1, n)
    xy = torch.stack(torch.meshgrid(g, g, indexing="ij"), -1).reshape(-1, 2)
    grid = model(xy).reshape(1, 1, n, n)
    return F.avg_pool2d(grid, 3, stride=1, padding=1)[0, 0]
