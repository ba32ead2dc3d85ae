import torch
from torch import nn

from models import DarcySurrogate, SurrogateConfig
from physics import darcy_residual


def main(steps=3):
    model = DarcySurrogate(SurrogateConfig(act="elu", depth=3))
    data_loss = nn.SmoothL1Loss(beta=0.02)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    xy_obs = torch.rand(32, 2)
    p_obs = torch.sin(xy_obs[:, :1] * 3.1416) * torch.sin(xy_obs[:, 1:] * 3.1416)
    for step in range(steps):
        xy_c = torch.rand(128, 2)
        res = darcy_residual(model, xy_c)
        wall = torch.rand(32, 2)
        wall[:, 0] = (wall[:, 0] > 0.5).float()
        loss = res.pow(2).mean() + data_loss(model.solution(xy_obs), p_obs) + model(wall).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
