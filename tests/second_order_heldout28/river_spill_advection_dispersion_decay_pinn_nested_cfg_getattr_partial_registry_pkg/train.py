import torch

from config import cfg
from physics import PINNLoss
from nets import ConcentrationNet


def sample_points(tc):
    return {
        "x_int": torch.rand(tc.n_interior, 1),
        "t_int": torch.rand(tc.n_interior, 1),
        "x_ic": torch.rand(tc.n_initial, 1),
        "t_bc": torch.rand(tc.n_boundary, 1),
    }


def main():
    torch.manual_seed(0)
    net = ConcentrationNet(cfg)
    criterion = PINNLoss(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.train.lr)
    for it in range(cfg.train.iters):
        loss, parts = criterion(net, sample_points(cfg.train))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} loss {loss.item():.4f} " + " ".join(f"{k}={v:.4f}" for k, v in parts.items()))


if __name__ == "__main__":
    main()
