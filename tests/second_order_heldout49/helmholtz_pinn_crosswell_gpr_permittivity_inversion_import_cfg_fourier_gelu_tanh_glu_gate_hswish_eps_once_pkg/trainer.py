"""Hand-written Trainer for the crosswell PINN and a synthetic two-layer survey."""
import torch

import cfg
from pinn import HelmholtzPINN


def synthetic_survey(c, gen):
    """Receiver gathers for a two-layer model (eps 6 over 15 at 5 m depth): crude ray-amplitude stand-in."""
    z_rx = torch.linspace(0.5, c.EXTENT[1] - 0.5, c.N_RX)
    rx_xz = torch.stack([torch.full_like(z_rx, c.EXTENT[0]), z_rx], dim=-1)
    r = ((rx_xz[:, 0]) ** 2 + (rx_xz[:, 1] - c.TX_DEPTH) ** 2).sqrt()
    eps_path = torch.where(rx_xz[:, 1] < 5.0, torch.tensor(6.0), torch.tensor(15.0))
    k = c.K0 * eps_path.sqrt()
    rx_u = torch.cos(k * r) / r.sqrt() + 0.01 * torch.randn(c.N_RX, generator=gen)
    return rx_xz, rx_u


def collocation(c, gen):
    u = torch.rand(c.N_COLLOC, 2, generator=gen)
    return u * torch.tensor(c.EXTENT)


class Trainer:
    def __init__(self, max_steps):
        self.max_steps = max_steps

    def fit(self, module, gen):
        opt = module.configure_optimizers()
        rx_xz, rx_u = synthetic_survey(module.cfg, gen)
        for step in range(self.max_steps):
            batch = (collocation(module.cfg, gen), rx_xz, rx_u)
            loss, logs = module.training_step(batch, step)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            print(f"step {step} loss={loss.item():.4f} " + " ".join(f"{k}={v:.4f}" for k, v in logs.items()))


if __name__ == "__main__":
    torch.manual_seed(cfg.SEED)
    Trainer(cfg.MAX_STEPS).fit(HelmholtzPINN(cfg), torch.Generator().manual_seed(cfg.SEED))
