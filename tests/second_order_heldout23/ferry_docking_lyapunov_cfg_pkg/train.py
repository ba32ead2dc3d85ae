import torch

from config import CLFConfig
from losses import lyapunov_risk
from models import DockingController, LyapunovNet

cfg = CLFConfig(act="elu", ctrl_act="hswish")
V = LyapunovNet(cfg)
ctrl = DockingController(cfg)
opt = torch.optim.Adam(list(V.parameters()) + list(ctrl.parameters()), lr=cfg.lr)

for it in range(3):
    states = torch.empty(64, cfg.state_dim).uniform_(-2, 2)
    loss = lyapunov_risk(V, ctrl, states, cfg.decay)
    opt.zero_grad()
    loss.backward()
    opt.step()
