"""Deep Ritz method for Saint-Venant torsion of an L-shaped steel bar.

Prandtl stress function phi minimises  J[phi] = int( 0.5 |grad phi|^2 - 2 G theta phi ) dA  with phi = 0
on the boundary (imposed by a distance-function factor). grad phi is taken per point with torch.func.grad
and the Ritz energy is minimised by backprop into the network parameters.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

G_THETA = 1.0


class RitzBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(width, width)
        self.fc2 = nn.Linear(width, width)

    def forward(self, h):
        return h + F.gelu(self.fc2(F.relu(self.fc1(h)) ** 3), approximate="tanh")


class PrandtlNet(nn.Module):
    def __init__(self, width=16, blocks=2):
        super().__init__()
        self.lift = nn.Linear(2, width)
        self.blocks = nn.Sequential(*[RitzBlock(width) for _ in range(blocks)])
        self.proj = nn.Linear(width, 1)

    def forward(self, xy):
        x, y = xy[..., 0], xy[..., 1]
        dist = x * (1 - x) * y * (1 - y) * torch.clamp(torch.maximum(0.5 - x, 0.5 - y), min=0) * 4
        return dist * self.proj(self.blocks(self.lift(xy))).squeeze(-1)


def sample_L(n):
    pts = torch.rand(4 * n, 2)
    keep = (pts[:, 0] < 0.5) | (pts[:, 1] < 0.5)
    return pts[keep][:n]


def ritz_energy(model, params, pts):
    def phi(p):
        return functional_call(model, params, (p,))

    grad_phi = vmap(grad(phi))(pts)
    phi_vals = functional_call(model, params, (pts,))
    density = 0.5 * (grad_phi ** 2).sum(-1) - 2 * G_THETA * phi_vals
    return 0.75 * density.mean()  # area of the L-shape


def main(iters=4, n=96):
    torch.manual_seed(13)
    model = PrandtlNet()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for it in range(iters):
        pts = sample_L(n)
        params = dict(model.named_parameters())
        energy = ritz_energy(model, params, pts)
        opt.zero_grad()
        energy.backward()
        opt.step()
        torque = -2 * energy.item()
        print(f"iter {it}: J={energy.item():.5f} torque~{torque:.5f}")


if __name__ == "__main__":
    main()
