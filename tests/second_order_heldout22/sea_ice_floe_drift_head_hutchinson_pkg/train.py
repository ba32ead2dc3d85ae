import torch
import torch.nn as nn

from curvature import hutchinson_trace
from losses import sector_loss
from models import DriftSectorNet


def train(steps=2, rho=1e-3):
    net = nn.DataParallel(DriftSectorNet())
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(steps):
        patches = torch.randn(4, 2, 16, 16)
        sectors = torch.randint(0, 8, (4,))
        loss = sector_loss(net, patches, sectors)
        flat = hutchinson_trace(loss, net.module.head.parameters())
        total = loss + rho * flat
        opt.zero_grad()
        total.backward()
        opt.step()
    return total.item()


if __name__ == "__main__":
    print(train())
