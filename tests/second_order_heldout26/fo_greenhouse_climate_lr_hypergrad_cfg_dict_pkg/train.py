import math

import torch
import torch.nn as nn

from config import CONFIG
from hyper import hyper_step
from models import ClimateForecaster


def sensor_batch(data_cfg):
    n, w, s = data_cfg["batch"], data_cfg["window"], data_cfg["sensors"]
    t = torch.arange(w).float()
    phase = torch.rand(n, 1, 1) * 6.28
    x = torch.sin(2 * math.pi * t / 24 + phase).expand(n, s, w) + 0.1 * torch.randn(n, s, w)
    return x, x[:, 0, -1] * 0.9 + 0.05 * torch.randn(n)


def main(cfg=CONFIG):
    dc, mc, hc = cfg["data"], cfg["model"], cfg["hyper"]
    model = ClimateForecaster(dc["sensors"], mc["channels"], mc["hidden"], dc["window"])
    criterion = nn.SmoothL1Loss()
    log_lr = torch.tensor(math.log(hc["init_lr"]), requires_grad=True)
    hyper_opt = torch.optim.Adam([log_lr], lr=hc["hyper_lr"])
    for step in range(cfg["train"]["steps"]):
        train_batch, val_batch = sensor_batch(dc), sensor_batch(dc)
        val = hyper_step(model, criterion, log_lr, hyper_opt, train_batch, val_batch, hc["second_order"])
        x, y = train_batch
        loss = criterion(model(x), y)
        model.zero_grad()
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= log_lr.exp() * p.grad
        print(step, loss.item(), val.item(), log_lr.exp().item())


if __name__ == "__main__":
    main()
