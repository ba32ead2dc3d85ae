import torch

import config
from model import PeatDANN, dann_loss


def main():
    torch.manual_seed(0)
    model = PeatDANN()
    opt = torch.optim.Adam(model.parameters(), lr=config.LR)
    x_src = torch.randn(16, config.CORE_LEN)
    y_src = torch.randint(0, config.N_HORIZONS, (16,))
    x_tgt = torch.randn(16, config.CORE_LEN) * 1.3 + 0.2
    for epoch in range(config.EPOCHS):
        loss = dann_loss(model, x_src, y_src, x_tgt)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, loss.item())


if __name__ == "__main__":
    main()
