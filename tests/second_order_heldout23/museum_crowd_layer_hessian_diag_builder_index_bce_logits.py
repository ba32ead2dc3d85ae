"""Gallery-overcrowding alarm from visitor-counter features. Curvature of the loss w.r.t. one
chosen hidden layer (Hutchinson diagonal estimate) is used to pick a per-layer weight decay."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def build_alarm_mlp(n_in=12, widths=(48, 48, 24)):
    layers, d = [], n_in
    for i, w in enumerate(widths):
        layers.append(nn.Linear(d, w))
        layers.append(nn.ELU() if i == 0 else nn.Hardswish())
        d = w
    layers.append(nn.Linear(d, 1))
    return nn.Sequential(*layers)


def hessian_diag(loss, layer, n_probe=4):
    ps = list(layer.parameters())
    g = torch.autograd.grad(loss, ps, create_graph=True)
    diag = [torch.zeros_like(p) for p in ps]
    for _ in range(n_probe):
        z = [torch.randint_like(p, 2) * 2 - 1 for p in ps]
        hz = torch.autograd.grad(g, ps, grad_outputs=z, retain_graph=True)
        diag = [d + zi * hi / n_probe for d, zi, hi in zip(diag, z, hz)]
    return diag


net = build_alarm_mlp()
probe_idx = 2
opt = torch.optim.SGD(net.parameters(), lr=1e-2)
wd = 1e-4
for epoch in range(3):
    x = torch.randn(32, 12)
    y = (torch.rand(32) > 0.7).float()
    logits = net(x).squeeze(-1)
    loss = F.binary_cross_entropy_with_logits(logits, y)
    diag = hessian_diag(loss, net[probe_idx])
    sharp = sum(d.abs().mean() for d in diag).item()
    wd = 1e-4 * (1 + sharp)
    opt.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in net.parameters():
            p.grad.add_(p, alpha=wd)
    opt.step()
