# Neural SDF of scanned pottery shards with an eikonal term (IGR/SIREN style training loop).
import torch
import torch.nn as nn


class ImplicitNet(nn.Module):
    def __init__(self, d_in=3, hidden=32, n_layers=3):
        super().__init__()
        layers = []
        dims = [d_in] + [hidden] * n_layers
        for i in range(n_layers):
            layers += [nn.Linear(dims[i], dims[i + 1]), nn.ELU(alpha=1.0)]
        layers.append(nn.Linear(hidden, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def gradient(inputs, outputs):
    d_points = torch.ones_like(outputs, requires_grad=False)
    points_grad = torch.autograd.grad(outputs=outputs, inputs=inputs, grad_outputs=d_points,
                                      create_graph=True, retain_graph=True, only_inputs=True)[0]
    return points_grad


net = ImplicitNet()
opt = torch.optim.Adam(net.parameters(), lr=5e-4)
surface = torch.rand(64, 3)
normals = torch.nn.functional.normalize(torch.randn(64, 3), dim=-1)
for it in range(2):
    mnfld = surface.clone().requires_grad_(True)
    nonmnfld = (torch.rand(64, 3) * 2 - 1).requires_grad_(True)
    mnfld_pred = net(mnfld)
    nonmnfld_pred = net(nonmnfld)
    mnfld_grad = gradient(mnfld, mnfld_pred)
    nonmnfld_grad = gradient(nonmnfld, nonmnfld_pred)
    mnfld_loss = mnfld_pred.abs().mean()
    grad_loss = ((nonmnfld_grad.norm(2, dim=-1) - 1) ** 2).mean()
    normals_loss = (mnfld_grad - normals).abs().norm(2, dim=1).mean()
    loss = mnfld_loss + 0.1 * grad_loss + 1.0 * normals_loss
    opt.zero_grad()
    loss.backward()
    opt.step()
