"""Optimal transport between two point clouds with input-convex potentials (W2GN, Makkuva et al. 2020).
f and g are ICNNs; the transport map is grad g, obtained with autograd (create_graph=True), and the minimax
objective f(grad g(y)) - <y, grad g(y)> is trained through it, with a convexity clamp on f and g."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ICNN(nn.Module):
    def __init__(self, dim=2, hidden=64, n_layers=3):
        super().__init__()
        self.Wx = nn.ModuleList([nn.Linear(dim, hidden) for _ in range(n_layers)])
        self.Wz = nn.ModuleList([nn.Linear(hidden, hidden, bias=False) for _ in range(n_layers - 1)])
        self.out_z = nn.Linear(hidden, 1, bias=False)
        self.out_x = nn.Linear(dim, 1)

    def forward(self, x):
        z = F.celu(self.Wx[0](x)) ** 2
        for Wx, Wz in zip(self.Wx[1:], self.Wz):
            z = F.celu(Wz(z) + Wx(x))
        return self.out_z(z) + self.out_x(x) + 0.5 * (x ** 2).sum(-1, keepdim=True)

    def clamp_weights(self):
        with torch.no_grad():
            for W in list(self.Wz) + [self.out_z]:
                W.weight.clamp_(min=0)

    def transport(self, y):
        y = y.requires_grad_(True)
        return torch.autograd.grad(self(y).sum(), y, create_graph=True)[0]


def w2gn(sample_x, sample_y, iters=5000, inner=10, bs=256, lam=1.0):
    f, g = ICNN(), ICNN()
    opt_f = torch.optim.Adam(f.parameters(), 1e-3, betas=(0.5, 0.9))
    opt_g = torch.optim.Adam(g.parameters(), 1e-3, betas=(0.5, 0.9))
    for it in range(iters):
        for _ in range(inner):
            y = sample_y(bs)
            gy = g.transport(y)
            loss_g = (f(gy) - (y * gy).sum(-1, keepdim=True)).mean()
            loss_g = loss_g + lam * sum(F.relu(-W.weight).pow(2).sum() for W in g.Wz)
            opt_g.zero_grad()
            loss_g.backward()
            opt_g.step()
        x, y = sample_x(bs), sample_y(bs)
        loss_f = f(x).mean() - f(g.transport(y).detach()).mean()
        opt_f.zero_grad()
        loss_f.backward()
        opt_f.step()
        f.clamp_weights()
    return f, g


if __name__ == "__main__":
    w2gn(lambda n: torch.randn(n, 2), lambda n: torch.randn(n, 2) * 0.5 + 1.0, iters=1, inner=2, bs=8)
