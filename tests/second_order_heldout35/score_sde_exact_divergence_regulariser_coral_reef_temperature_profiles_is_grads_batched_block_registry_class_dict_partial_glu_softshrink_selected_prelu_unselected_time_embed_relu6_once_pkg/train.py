import torch

from model import ReefScoreNet
from objectives import dsm_with_divergence
from settings import SETTINGS


def reef_profiles(n, dim):
    depth = torch.linspace(0, 1, dim)
    surface = 27 + torch.randn(n, 1)
    return (surface - 3 * depth * torch.rand(n, 1) - 27) / 2


def main():
    torch.manual_seed(0)
    model = ReefScoreNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-4)
    for step in range(SETTINGS.steps):
        loss = dsm_with_divergence(model, reef_profiles(SETTINGS.batch, SETTINGS.dim), SETTINGS)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
