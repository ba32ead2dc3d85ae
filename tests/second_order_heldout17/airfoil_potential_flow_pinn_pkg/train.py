import math
import torch

from config import FlowConfig
from models import StreamFunctionNet
from physics import laplace_residual, wall_loss


def joukowski_wall(n=64):
    th = torch.linspace(0, 2 * math.pi, n)
    xy = torch.stack([1.1 * torch.cos(th) - 0.1, torch.sin(th) + 0.05], 1)
    normals = torch.stack([torch.cos(th), torch.sin(th)], 1)
    return xy.requires_grad_(True), normals


def main():
    cfg = FlowConfig(activation="elu", width=24)
    net = StreamFunctionNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    xy_wall, normals = joukowski_wall()
    for step in range(cfg.steps):
        xy = (torch.rand(128, 2) * 6 - 3).requires_grad_(True)
        far = torch.rand(32, 2) * 2 + 4
        res = laplace_residual(net, xy)
        far_psi = net(far)
        loss = (res ** 2).mean() + wall_loss(net, xy_wall, normals) + ((far_psi - cfg.u_inf * far[:, 1:2]) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
