"""Prune at initialisation with SNIP, then train the sparse network (data-parallel wrapper)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from models import MODELS
from prune import snip_masks


def main(loader, arch="alexnet_lrn", epochs=30, lr=0.05):
    net = nn.DataParallel(MODELS[arch]())
    x0, y0 = next(iter(loader))
    masks = snip_masks(net.module, x0, y0)
    layers = [m for m in net.module.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9, weight_decay=5e-4)
    for epoch in range(epochs):
        for x, y in loader:
            loss = F.cross_entropy(net(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            with torch.no_grad():
                for m, mask in zip(layers, masks):
                    m.weight.mul_(mask)
    return net


if __name__ == "__main__":
    main([(torch.randn(2, 3, 16, 16), torch.randint(0, 10, (2,)))], epochs=1)
