import torch

from config import PBConfig
from losses import charge_neutrality, residual_loss
from nets import PotentialNet
from pde import pb_residual


def run(cfg):
    torch.manual_seed(17)
    net = PotentialNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for it in range(cfg.iters):
        x = torch.rand(cfg.n_col, 1) * cfg.length
        res = pb_residual(net, x, cfg.kappa)
        loss = residual_loss(res) + 0.1 * charge_neutrality(net, cfg)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"it {it}: loss {loss.item():.5f}")
    return net


if __name__ == "__main__":
    run(PBConfig(act="elu", width=24))
