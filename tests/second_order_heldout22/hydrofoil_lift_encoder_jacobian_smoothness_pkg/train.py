import torch
import torch.nn as nn
import torch.nn.functional as F

from models import ARCHS
from regularizers import LatentSmoothness


def main(arch="surrogate-8", steps=2, beta=0.1):
    net = nn.DataParallel(ARCHS[arch]())
    smooth = LatentSmoothness(net.module.encoder)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for step in range(steps):
        taps, aoa = torch.randn(8, 64), torch.rand(8, 1) * 10
        cl_cd = torch.randn(8, 2)
        loss = F.mse_loss(net(taps, aoa), cl_cd) + beta * smooth(taps)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(loss.item())


if __name__ == "__main__":
    main()
