import torch

from config import ColumnConfig
from models import ConcentrationNet
from physics import advection_dispersion_residual, inlet_loss


def main():
    cfg = ColumnConfig(activation="elu", depth=3)
    net = ConcentrationNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x = torch.rand(64, 1, requires_grad=True)
        t = torch.rand(64, 1, requires_grad=True)
        res = advection_dispersion_residual(net, x, t, cfg)
        loss = (res ** 2).mean() + inlet_loss(net, torch.rand(16, 1))
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
