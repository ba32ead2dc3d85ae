import torch

from config import DEFAULTS, PolytropeCfg
from models import PolytropePINN
from physics import residual_loss


def main():
    cfg = PolytropeCfg.from_dict(DEFAULTS)
    net = PolytropePINN(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        xi = (torch.rand(cfg.n_colloc, 1) * cfg.xi_max).requires_grad_(True)
        loss = residual_loss(net, xi, cfg.poly_index)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: residual {loss.item():.3e}")


if __name__ == "__main__":
    main()
