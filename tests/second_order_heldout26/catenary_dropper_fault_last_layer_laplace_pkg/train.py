import torch
import torch.nn as nn

from laplace import LastLayerLaplace
from losses import fault_nll, monitor_accuracy
from models import DropperNet


def contact_force_batch(n=12, length=48):
    y = torch.randint(0, 3, (n,))
    t = torch.linspace(0, 1, length)
    force = torch.sin(2 * 3.1416 * (3 + y[:, None]) * t) + 0.2 * torch.randn(n, length)
    height = torch.cos(2 * 3.1416 * 2 * t).expand(n, length) * (1 + 0.1 * y[:, None])
    return torch.stack([force, height], dim=1), y


def main(epochs=2):
    net = nn.DataParallel(DropperNet())
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(epochs):
        x, y = contact_force_batch()
        logits = net(x)
        loss = fault_nll(logits, y, reduction="mean")
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(epoch, loss.item(), monitor_accuracy(logits, y).item())

    x, y = contact_force_batch(24)
    with torch.no_grad():
        feats = net.module.features(x)
    la = LastLayerLaplace(prior_precision=0.5).fit(net.module.body["head"], feats, y, fault_nll)
    print("mean predictive variance", la.predictive_var().item())


if __name__ == "__main__":
    main()
