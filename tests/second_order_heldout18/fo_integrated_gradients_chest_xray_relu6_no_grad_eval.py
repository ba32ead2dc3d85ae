import torch
import torch.nn as nn
import torch.nn.functional as F


def make_xray_net(n_cls=3):
    return nn.Sequential(
        nn.Conv2d(1, 8, 3, padding=1), nn.ReLU6(),
        nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.Hardswish(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, n_cls),
    )


def integrated_gradients(net, x, target, baseline=None, steps=16):
    baseline = torch.zeros_like(x) if baseline is None else baseline
    total = torch.zeros_like(x)
    for k in range(1, steps + 1):
        xi = (baseline + k / steps * (x - baseline)).requires_grad_(True)
        score = F.log_softmax(net(xi), dim=1)[:, target].sum()
        g, = torch.autograd.grad(score, xi, create_graph=False)
        total += g
    return (x - baseline) * total / steps


net = make_xray_net()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
x, y = torch.rand(4, 1, 16, 16), torch.randint(0, 3, (4,))
for step in range(2):
    loss = F.cross_entropy(net(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
net.eval()
with torch.no_grad():
    acc = (net(x).argmax(1) == y).float().mean()
attr = integrated_gradients(net, x[:1], target=int(y[0]))
print(acc.item(), attr.abs().sum().item())
