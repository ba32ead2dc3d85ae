import torch
import torch.nn.functional as F

from models import NetConfig, create
from reweight import MetaReweighter


def run(noisy_loader, clean_batch, epochs=30, lr=0.1):
    cfg = NetConfig(arch="lenet", act="hardtanh", pool="avg")
    net = create(cfg)
    opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9, weight_decay=5e-4)
    reweighter = MetaReweighter(net, inner_lr=lr)
    x_meta, y_meta = clean_batch
    for epoch in range(epochs):
        for x, y in noisy_loader:
            w = reweighter.example_weights(x, y, x_meta, y_meta)
            loss = (w * F.cross_entropy(net(x), y, reduction="none")).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
    return net


if __name__ == "__main__":
    run([(torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,)))], (torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,))), epochs=1)
