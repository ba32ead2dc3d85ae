import torch
import torch.nn as nn


class CrownSDF(nn.Module):
    def __init__(self, hidden=64, layers=4):
        super().__init__()
        dims = [3] + [hidden] * layers
        blocks = []
        for a, b in zip(dims[:-1], dims[1:]):
            blocks += [nn.Linear(a, b), nn.Hardswish()]
        self.body = nn.Sequential(*blocks)
        self.head = nn.Linear(hidden, 1)

    def forward(self, p):
        return self.head(self.body(p))


def gradient(inputs, outputs):
    d_points = torch.ones_like(outputs, requires_grad=False)
    return torch.autograd.grad(outputs=outputs, inputs=inputs, grad_outputs=d_points,
                               create_graph=True, retain_graph=True, only_inputs=True)[0]


sdf = CrownSDF()
opt = torch.optim.Adam(sdf.parameters(), lr=5e-4)
surface = torch.rand(256, 3) * 2 - 1
normals = torch.nn.functional.normalize(torch.randn(256, 3), dim=-1)
for it in range(2):
    pts = torch.cat([surface, torch.rand(256, 3) * 2 - 1]).requires_grad_(True)
    pred = sdf(pts)
    grad = gradient(pts, pred)
    surf_loss = pred[:256].abs().mean()
    normal_loss = (grad[:256] - normals).norm(dim=-1).mean()
    eikonal = ((grad.norm(2, dim=-1) - 1) ** 2).mean()
    loss = surf_loss + normal_loss + 0.1 * eikonal
    opt.zero_grad()
    loss.backward()
    opt.step()
