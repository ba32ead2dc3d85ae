from dataclasses import dataclass

import torch
import torch.nn as nn

from losses import lyapunov_risk
from models import FerryController


@dataclass
class DockCfg:
    lyap_nonlin: str = "tanh"
    policy_nonlin: str = "tanh"
    lr: float = 3e-4
    iters: int = 2


def train(cfg):
    model = nn.DataParallel(FerryController(cfg))
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for it in range(cfg.iters):
        states = torch.randn(128, 6)
        loss = lyapunov_risk(model.module.lyap, model.module.policy, states)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(it, loss.item())


if __name__ == "__main__":
    train(DockCfg(lyap_nonlin="relu6", policy_nonlin="hswish"))
