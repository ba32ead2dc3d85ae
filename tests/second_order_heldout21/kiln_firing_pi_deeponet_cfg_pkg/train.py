import torch

from config import KilnConfig
from models import KilnDeepONet
from physics import heat_residual

cfg = KilnConfig(act="hswish", width=24)
net = KilnDeepONet(cfg)
opt = torch.optim.Adam(net.parameters(), lr=cfg.lr)

for it in range(3):
    schedule = torch.rand(32, cfg.n_sensors)
    xt = torch.rand(32, 2)
    res = heat_residual(net, schedule, xt, cfg.diffusivity)
    x0 = torch.cat([torch.rand(32, 1), torch.zeros(32, 1)], dim=1)
    ic = net(schedule, x0) - schedule[:, :1]
    loss = res.pow(2).mean() + ic.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
