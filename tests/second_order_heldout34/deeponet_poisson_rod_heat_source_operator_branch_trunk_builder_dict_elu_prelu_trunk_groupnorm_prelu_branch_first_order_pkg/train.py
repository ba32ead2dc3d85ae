import math

import torch

import config
from nets import DeepONet
from physics import total_loss


def sample_sources(n):
    grid = torch.linspace(0, 1, config.N_SENSORS)
    amp = torch.rand(n, 1) * 2
    freq = torch.randint(1, 4, (n, 1)).float()
    sensors = amp * torch.sin(math.pi * freq * grid)
    x = torch.rand(n, config.N_COLLOCATION, 1)
    source = amp * torch.sin(math.pi * freq * x.squeeze(-1))
    return sensors, source, x


def main():
    torch.manual_seed(0)
    model = DeepONet()
    opt = torch.optim.Adam(model.parameters(), lr=config.LR)
    for step in range(config.STEPS):
        sensors, source, x = sample_sources(config.BATCH_FUNCS)
        loss = total_loss(model, sensors, source, x)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, loss.item())


if __name__ == "__main__":
    main()
