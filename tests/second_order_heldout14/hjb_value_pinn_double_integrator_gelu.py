"""Physics-informed value function for the finite-horizon LQR-like double integrator. The HJB residual
V_t + min_u [ grad_x V . f(x, u) + l(x, u) ] with u* = -0.5 R^-1 B^T grad_x V is minimised at collocation
points, so grad_x V (taken with create_graph) is differentiated again by the optimiser."""
import torch
import torch.nn as nn

R_INV = 1.0 / 0.1
T_FINAL = 2.0


class ValueNet(nn.Module):
    def __init__(self, width=64):
        super().__init__()
        self.inp = nn.Linear(3, width)
        self.hidden = nn.Linear(width, width)
        self.act = nn.GELU(approximate="tanh")
        self.shrink = nn.Tanhshrink()
        self.out = nn.Linear(width, 1)

    def forward(self, t, x):
        h = self.act(self.inp(torch.cat([t, x], dim=-1)))
        h = self.shrink(self.hidden(h)) + h
        return self.out(h)


def hjb_residual(V, t, x):
    t = t.requires_grad_(True)
    x = x.requires_grad_(True)
    v = V(t, x)
    v_t, v_x = torch.autograd.grad(v.sum(), (t, x), create_graph=True)
    p, vel = x[:, :1], x[:, 1:]
    u_star = -0.5 * R_INV * v_x[:, 1:]
    dyn = v_x[:, :1] * vel + v_x[:, 1:] * u_star
    cost = p ** 2 + 0.1 * vel ** 2 + 0.1 * u_star ** 2
    return v_t + dyn + cost


V = ValueNet()
opt = torch.optim.Adam(V.parameters(), lr=1e-3)
for it in range(3):
    t = torch.rand(256, 1) * T_FINAL
    x = torch.randn(256, 2)
    res = hjb_residual(V, t, x)
    xT = torch.randn(64, 2)
    terminal = V(torch.full((64, 1), T_FINAL), xT) - (xT[:, :1] ** 2)
    loss = res.pow(2).mean() + terminal.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
