import torch

from config import GatherConfig
from models import GatherNet


def d(u, x):
    return torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]


def residual(net, r, t, kappa):
    T = net(r, t)
    T_r = d(T, r)
    T_rr = d(T_r, r)
    T_t = d(T, t)
    return T_t - kappa * (T_rr + T_r / (r + 1e-3)) + 0.05 * T ** 4


def main():
    cfg = GatherConfig(activation="prelu", gated=True)
    net = GatherNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    w = cfg.loss_weights
    for epoch in range(cfg.epochs):
        r = torch.rand(64, 1, requires_grad=True)
        t = torch.rand(64, 1, requires_grad=True)
        pde = residual(net, r, t, cfg.kappa).pow(2).mean()
        r0 = torch.rand(32, 1)
        ic = (net(r0, torch.zeros_like(r0)) - 1.0).pow(2).mean()
        tb = torch.rand(32, 1)
        bc = net(torch.ones_like(tb), tb).pow(2).mean()
        loss = w["pde"] * pde + w["ic"] * ic + w["bc"] * bc
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(loss.item())


if __name__ == "__main__":
    main()
