"""Jacobian-free backpropagation (Fung et al. 2022) for a deep-equilibrium queue-length forecaster at traffic signals.

The fixed point is found without a graph; gradients flow through one last application of the cell only.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class EqCell(nn.Module):
    def __init__(self, d_in, d_z):
        super().__init__()
        self.U = nn.Linear(d_in, d_z)
        self.W = nn.Linear(d_z, d_z, bias=False)
        self.shrink = nn.Softshrink(0.05)
        with torch.no_grad():
            self.W.weight.mul_(0.3)

    def forward(self, z, x):
        return self.shrink(F.elu(self.W(z) + self.U(x)))


class JFBForecaster(nn.Module):
    def __init__(self, d_in=6, d_z=16, horizon=4, max_iter=30, tol=1e-4):
        super().__init__()
        self.cell = EqCell(d_in, d_z)
        self.readout = nn.Linear(d_z, horizon)
        self.max_iter, self.tol = max_iter, tol

    def forward(self, x):
        with torch.no_grad():
            z = torch.zeros(x.size(0), self.cell.W.in_features)
            for _ in range(self.max_iter):
                z_next = self.cell(z, x)
                if (z_next - z).norm() < self.tol * (1 + z.norm()):
                    z = z_next
                    break
                z = z_next
        z = self.cell(z.detach(), x)
        return self.readout(z)


def main(epochs=3):
    torch.manual_seed(0)
    model = JFBForecaster()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x = torch.randn(64, 6)
    y = torch.relu(x[:, :4].cumsum(1))
    for ep in range(epochs):
        loss = F.smooth_l1_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        print(ep, loss.item(), float(grad_norm))


if __name__ == "__main__":
    main()
