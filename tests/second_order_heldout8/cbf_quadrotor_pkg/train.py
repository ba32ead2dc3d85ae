"""Learn a barrier certificate for a hovering quadrotor with a fixed nominal controller."""
import torch
import torch.nn as nn

from certificates import barrier_losses
from models import MODELS, BarrierConfig


class DataParallelLike(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, x):
        return self.module(x)


def sample_states(n, radius):
    s = torch.randn(n, 13)
    s[:, 3:7] = torch.nn.functional.normalize(s[:, 3:7], dim=-1)
    d = s[:, :3].norm(dim=-1)
    return s[d > radius * 1.5], s[d < radius], s


def nominal_controller(state):
    u = torch.zeros(state.shape[0], 4)
    u[:, 0] = 9.81 - 2.0 * state[:, 9] - 1.0 * state[:, 2]
    return u


def main(iters=3000):
    cfg = BarrierConfig(nonlinearity="logsigmoid", width=64)
    net = DataParallelLike(MODELS["barrier_small"](cfg))
    params = dict(net.module.named_parameters())
    opt = torch.optim.Adam(params.values(), lr=1e-3)
    for it in range(iters):
        safe, unsafe, boundary = sample_states(512, cfg.obstacle_radius)
        loss = barrier_losses(net.module, params, safe, unsafe, boundary, nominal_controller)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return net


if __name__ == "__main__":
    main(iters=2)
    print("ok")
