"""Signed distance field of a scanned violin body, eikonal regularised (IGR-style)."""
import torch
import torch.nn as nn


class SDFNet(nn.Module):
    def __init__(self, d=64, n_layers=4):
        super().__init__()
        layers = []
        dim = 3
        for _ in range(n_layers):
            layers += [nn.Linear(dim, d), nn.Hardswish()]
            dim = d
        layers.append(nn.Linear(d, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, p):
        return self.net(p)


def gradient(y, x):
    d_points = torch.ones_like(y, requires_grad=False)
    return torch.autograd.grad(outputs=y, inputs=x, grad_outputs=d_points,
                               create_graph=True, retain_graph=True, only_inputs=True)[0]


sdf = SDFNet()
opt = torch.optim.Adam(sdf.parameters(), lr=5e-4)
surface = torch.randn(128, 3)
for it in range(3):
    pnts = surface[torch.randint(0, 128, (32,))].clone().requires_grad_(True)
    nonmnfld = (torch.rand(32, 3) * 2 - 1).requires_grad_(True)
    mnfld_pred = sdf(pnts)
    nonmnfld_pred = sdf(nonmnfld)
    grad_nm = gradient(nonmnfld_pred, nonmnfld)
    mnfld_loss = mnfld_pred.abs().mean()
    grad_loss = ((grad_nm.norm(2, dim=-1) - 1) ** 2).mean()
    loss = mnfld_loss + 0.1 * grad_loss
    opt.zero_grad()
    loss.backward()
    opt.step()
