"""Neural SDF for a sparse point scan with an Eikonal term and a Hessian (second-derivative) smoothness term
on off-surface samples. The per-point Hessian Frobenius norms are aggregated with a median so that sharp
features are not over-smoothed."""
import torch
import torch.nn as nn


class SDFNet(nn.Module):
    def __init__(self, hidden=64, n_layers=4):
        super().__init__()
        dims = [3] + [hidden] * n_layers
        self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.act = nn.Hardswish()
        self.last = nn.Linear(hidden, 1)

    def forward(self, p):
        h = p
        for lin in self.hidden:
            h = self.act(lin(h))
        return self.last(h)


def gradient(y, x):
    return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=True)[0]


def hessian_fro(sdf, x):
    g = gradient(sdf, x)
    rows = [gradient(g[:, i:i + 1], x) for i in range(3)]
    H = torch.stack(rows, dim=1)
    return H.flatten(1).norm(dim=1)


net = SDFNet()
opt = torch.optim.Adam(net.parameters(), lr=5e-4)
surface = torch.nn.functional.normalize(torch.randn(256, 3), dim=1)
for it in range(3):
    on = surface[torch.randint(0, 256, (64,))]
    off = (torch.rand(64, 3) * 2 - 1).requires_grad_(True)
    loss_surf = net(on).abs().mean()
    sdf_off = net(off)
    grad_off = gradient(sdf_off, off)
    loss_eik = ((grad_off.norm(dim=1) - 1) ** 2).mean()
    loss_hess = torch.median(hessian_fro(sdf_off, off))
    loss = loss_surf + 0.1 * loss_eik + 0.01 * loss_hess
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
