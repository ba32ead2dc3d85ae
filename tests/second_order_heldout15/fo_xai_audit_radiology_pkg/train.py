import torch
import torch.nn as nn

from attribution import integrated_gradients
from models import BACKBONES


def main():
    model = BACKBONES["small"]()
    crit = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(2):
        x, y = torch.randn(4, 1, 16, 16), torch.randint(0, 3, (4,))
        opt.zero_grad()
        crit(model(x), y).backward()
        opt.step()
    model.eval()
    attr = integrated_gradients(model, x, y)
    print(attr.abs().mean().item())


if __name__ == "__main__":
    main()
