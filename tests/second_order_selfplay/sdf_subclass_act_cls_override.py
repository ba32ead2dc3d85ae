"""Eikonal-regularised SDF of machined brackets; the network family sets its activation as a class attribute that
subclasses override (`act_cls = nn.Hardswish`), the base class building `self.act_cls()`."""
import torch
import torch.nn as nn


class SDFNet(nn.Module):
    act_cls = nn.ELU
    depth = 3

    def __init__(self, width=64):
        super().__init__()
        layers, d = [], 3
        for _ in range(self.depth):
            layers += [nn.Linear(d, width), self.act_cls()]
            d = width
        layers.append(nn.Linear(d, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, p):
        return self.net(p).squeeze(-1)


class HardSDF(SDFNet):
    act_cls = nn.Hardswish


model = HardSDF()
opt = torch.optim.Adam(model.parameters(), lr=1e-4)
for it in range(2):
    surf = torch.randn(128, 3)
    surf = surf / surf.norm(dim=-1, keepdim=True)
    space = (torch.rand(256, 3) * 2 - 1).requires_grad_(True)
    d = model(space)
    (n,) = torch.autograd.grad(d.sum(), space, create_graph=True)
    loss = model(surf).abs().mean() + 0.1 * ((n.norm(dim=-1) - 1) ** 2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
