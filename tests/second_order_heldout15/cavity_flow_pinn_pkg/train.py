import torch

from config import FlowConfig
from models import StreamFunctionNet
from physics import lid_velocity, navier_stokes_residual


def train(cfg, steps=3):
    net = StreamFunctionNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)
    for step in range(steps):
        interior = torch.rand(64, 2)
        lid = torch.cat([torch.rand(16, 1), torch.ones(16, 1)], dim=1)
        fx, fy = navier_stokes_residual(net, interior, cfg.reynolds)
        u_lid, v_lid = lid_velocity(net, lid)
        loss = (fx ** 2).mean() + (fy ** 2).mean() + ((u_lid - 1) ** 2).mean() + (v_lid ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())
    return net


if __name__ == "__main__":
    train(FlowConfig(activation="hardswish"))
