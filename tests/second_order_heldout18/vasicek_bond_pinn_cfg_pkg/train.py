import torch

from config import PricingConfig
from models import BondPriceNet
from pde import maturity_loss, vasicek_residual


def main(steps=2):
    cfg = PricingConfig(activation="selu", depth=2)
    net = BondPriceNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(steps):
        t = torch.rand(128, 1, requires_grad=True)
        r = (torch.rand(128, 1) * 0.1).requires_grad_(True)
        loss = vasicek_residual(net, t, r, cfg) + maturity_loss(net, torch.rand(64, 1) * 0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
