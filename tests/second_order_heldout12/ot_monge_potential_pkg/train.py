import torch

from config import OTConfig, PotentialConfig
from losses import w2_dual_loss
from models import Potential, Replica


def sample_source(n):
    return torch.randn(n, 2)


def sample_target(n):
    theta = torch.rand(n) * 6.283
    return torch.stack([torch.cos(theta), torch.sin(theta)], -1) * 2.0 + 0.1 * torch.randn(n, 2)


def main():
    cfg = OTConfig(potential=PotentialConfig(act="prelu", hidden=32))
    f = Replica(Potential(cfg.potential))
    g = Replica(Potential(cfg.potential))
    opt_f = torch.optim.Adam(f.parameters(), lr=cfg.lr)
    opt_g = torch.optim.Adam(g.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, y = sample_source(cfg.batch), sample_target(cfg.batch)
        # inner maximisation over g: needs d/dtheta_g of grad_y g(y) -> create_graph
        dual, _ = w2_dual_loss(f.module, g.module, x, y, create_graph=True)
        opt_g.zero_grad(); (-dual).backward(); opt_g.step()
        dual, _ = w2_dual_loss(f.module, g.module, x, y, create_graph=False)
        opt_f.zero_grad(); dual.backward(); opt_f.step()
        print(step, dual.item())


if __name__ == "__main__":
    main()
