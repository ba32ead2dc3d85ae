"""Deep Energy Method (Nguyen-Thanh et al. 2020) for a compressed silicone gasket cross-section.

The displacement field u(X) is an MLP; the deformation gradient F = I + du/dX comes from autograd
(create_graph=True) and the neo-Hookean strain energy is minimised w.r.t. the network weights."""
import torch
import torch.nn as nn

MU, LAM = 0.6, 1.2          # shear / Lame modulus (MPa) of the silicone
SQUEEZE = -0.05             # prescribed top-edge displacement


class DisplacementNet(nn.Module):
    def __init__(self, width=20, depth=3):
        super().__init__()
        dims = [2] + [width] * depth
        self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.act = nn.GELU(approximate="tanh")
        self.out = nn.Linear(width, 2)

    def forward(self, X):
        h = X
        for lin in self.hidden:
            h = self.act(lin(h))
        # hard Dirichlet BCs: u = 0 at the bottom, u_y = SQUEEZE at the top
        y = X[:, 1:2]
        u = self.out(h) * y * (1 - y)
        return u + torch.cat([torch.zeros_like(y), SQUEEZE * y], dim=1)


def deformation_gradient(u, X):
    rows = [torch.autograd.grad(u[:, i].sum(), X, create_graph=True)[0] for i in range(2)]
    return torch.eye(2) + torch.stack(rows, dim=1)


def strain_energy(F):
    C = F.transpose(1, 2) @ F
    I1 = torch.stack([torch.trace(c) for c in C])
    J = torch.det(F).clamp(min=1e-4)
    logJ = torch.log(J)
    return 0.5 * MU * (I1 - 2) - MU * logJ + 0.5 * LAM * logJ ** 2


net = DisplacementNet()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for it in range(3):
    X = torch.rand(64, 2, requires_grad=True)
    u = net(X)
    Fdef = deformation_gradient(u, X)
    energy = strain_energy(Fdef).mean()
    opt.zero_grad()
    energy.backward()
    opt.step()
    print(f"it {it}: internal energy {energy.item():.6f}")
