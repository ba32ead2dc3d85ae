"""PINN for transient radial heat conduction in a locomotive brake disc during a stop.

    u_t = alpha * (u_rr + u_r / r),   r in [r_in, r_out], t in [0, 1]
    -u_r(r_out, t) = q(t)       (friction heat flux at the pad ring, braking pulse)
     u_r(r_in, t)  = h * u      (convective cooling at the hub)
     u(r, 0)       = 0

Residual blocks are wrapped in torch.utils.checkpoint (non-reentrant, so autograd.grad works through them)
to fit larger collocation batches; a thermocouple calibration head maps the disc temperature to readings.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


@dataclass
class Cfg:
    width: int = 48
    depth: int = 3
    use_checkpoint: bool = True
    alpha: float = 0.15
    h_conv: float = 0.8
    r_in: float = 0.3
    r_out: float = 1.0
    r_sensor: float = 0.7
    n_col: int = 96
    n_bc: int = 32
    iters: int = 4
    lr: float = 2e-3
    w_data: float = 1.0


class ResBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, width)
        self.fc2 = nn.Linear(width, width)

    def forward(self, h):
        z = F.gelu(self.fc1(self.norm(h)), approximate="tanh")
        return h + self.fc2(z)


class DiscTemperatureNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.inp = nn.Linear(2, cfg.width)
        self.blocks = nn.ModuleList([ResBlock(cfg.width) for _ in range(cfg.depth)])
        self.out = nn.Linear(cfg.width, 1)

    def forward(self, r, t):
        h = torch.tanh(self.inp(torch.cat([r, t], dim=1)))
        for blk in self.blocks:
            if self.cfg.use_checkpoint and torch.is_grad_enabled():
                h = checkpoint(blk, h, use_reentrant=False)
            else:
                h = blk(h)
        return t * self.out(h)          # hard initial condition u(r, 0) = 0


class ThermocoupleCalibration(nn.Module):
    """Learned sensor response: reading = a * hardswish(b * u + c) + d."""

    def __init__(self):
        super().__init__()
        self.affine_in = nn.Linear(1, 4)
        self.act = nn.Hardswish()
        self.affine_out = nn.Linear(4, 1)

    def forward(self, u):
        return self.affine_out(self.act(self.affine_in(u)))


def d(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def brake_flux(t):
    return 2.0 * torch.exp(-((t - 0.35) / 0.2) ** 2)


def losses(net, calib, cfg, sensor_t, sensor_y):
    r = (cfg.r_in + (cfg.r_out - cfg.r_in) * torch.rand(cfg.n_col, 1)).requires_grad_(True)
    t = torch.rand(cfg.n_col, 1).requires_grad_(True)
    u = net(r, t)
    u_r, u_t = d(u, r), d(u, t)
    u_rr = d(u_r, r)
    res = u_t - cfg.alpha * (u_rr + u_r / r)
    pde = F.smooth_l1_loss(res, torch.zeros_like(res), beta=0.1)

    tb = torch.rand(cfg.n_bc, 1)
    ro = torch.full_like(tb, cfg.r_out).requires_grad_(True)
    ri = torch.full_like(tb, cfg.r_in).requires_grad_(True)
    u_o, u_i = net(ro, tb), net(ri, tb)
    bc = ((-d(u_o, ro) - brake_flux(tb)) ** 2).mean() + ((d(u_i, ri) - cfg.h_conv * u_i) ** 2).mean()

    rs = torch.full_like(sensor_t, cfg.r_sensor)
    reading = calib(net(rs, sensor_t))
    data = F.mse_loss(reading, sensor_y)
    return pde, bc, data


@torch.no_grad()
def peak_temperature(net, cfg, n=64):
    r = torch.linspace(cfg.r_in, cfg.r_out, n)[:, None]
    t = torch.full_like(r, 0.5)
    return net(r, t).max().item()


def main(cfg=Cfg()):
    torch.manual_seed(5)
    net, calib = DiscTemperatureNet(cfg), ThermocoupleCalibration()
    opt = torch.optim.Adam(list(net.parameters()) + list(calib.parameters()), lr=cfg.lr)
    sensor_t = torch.linspace(0, 1, 20)[:, None]
    sensor_y = 0.9 * torch.sigmoid(8 * (sensor_t - 0.4)) + 0.02 * torch.randn_like(sensor_t)
    for it in range(cfg.iters):
        pde, bc, data = losses(net, calib, cfg, sensor_t, sensor_y)
        loss = pde + bc + cfg.w_data * data
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} pde {pde.item():.3e} bc {bc.item():.3e} data {data.item():.3e} "
              f"peak {peak_temperature(net, cfg):.3f}")


if __name__ == "__main__":
    main()
