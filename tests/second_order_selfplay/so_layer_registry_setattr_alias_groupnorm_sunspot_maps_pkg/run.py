"""Fit the sunspot-map critic against blurred noise."""
import torch

from nets import SunspotCritic
from objectives import CriticObjective
from settings import CONF


def synthetic_maps(n, size):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    centres = torch.rand(n, 1, 1, 2) * 2 - 1
    d = (xx - centres[..., 0]) ** 2 + (yy - centres[..., 1]) ** 2
    return torch.exp(-d / 0.05).unsqueeze(1)


def fit(conf=CONF):
    critic = SunspotCritic(conf["critic"])
    objective = CriticObjective(conf["reg"])
    opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
    run = conf["run"]
    for step in range(run["steps"]):
        real = synthetic_maps(run["batch"], run["size"])
        fake = torch.rand_like(real)
        loss = objective(critic, real, fake)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, float(loss))


if __name__ == "__main__":
    fit()
