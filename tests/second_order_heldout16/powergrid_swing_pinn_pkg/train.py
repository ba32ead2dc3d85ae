import torch

from config import GridConfig
from models import SwingNet
from physics import initial_condition_loss, swing_residual


def fit(cfg, epochs=3, n_colloc=64, t_max=5.0):
    net = SwingNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for ep in range(epochs):
        t = (torch.rand(n_colloc, 1) * t_max).requires_grad_(True)
        loss = swing_residual(net, t, cfg).pow(2).mean() + 10.0 * initial_condition_loss(net)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(ep, loss.item())
    return net


if __name__ == "__main__":
    fit(GridConfig(activation="prelu", depth=2))
