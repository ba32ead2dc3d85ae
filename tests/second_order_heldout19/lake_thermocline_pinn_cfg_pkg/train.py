import torch

from config import ThermoclineConfig
from models import ProfileNet
from physics import heat_residual, surface_flux_residual


def main():
    cfg = ThermoclineConfig(activation="prelu", width=16)
    net = ProfileNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    obs = torch.rand(20, 2)
    obs_T = torch.rand(20, 1)
    for step in range(2):
        z = torch.rand(cfg.n_collocation, 1, requires_grad=True)
        t = torch.rand(cfg.n_collocation, 1, requires_grad=True)
        loss_pde = heat_residual(net, z, t, cfg.kappa).pow(2).mean()
        loss_bc = surface_flux_residual(net, torch.rand(8, 1), 0.1).pow(2).mean()
        loss_obs = (net(obs) - obs_T).pow(2).mean()
        loss = loss_pde + loss_bc + loss_obs
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    main()
