# Learning a neural control barrier function B(x) for autonomous ship docking:
# B >= 0 on the safe set, B < 0 on the unsafe set, and dB/dx . f(x, u) + alpha * B >= 0 along the dynamics.
import torch
import torch.nn as nn


class Barrier(nn.Module):
    def __init__(self, n=4, hidden=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n, hidden), nn.PReLU(), nn.Linear(hidden, hidden), nn.Tanh(),
                                 nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x)


def dynamics(x, u):
    # x = (px, py, heading, speed), u = (thrust, rudder)
    px, py, psi, v = x.unbind(-1)
    return torch.stack([v * torch.cos(psi), v * torch.sin(psi), u[:, 1], u[:, 0] - 0.1 * v], -1)


def barrier_losses(B, x_safe, x_unsafe, x_dom, u_dom, alpha=1.0, margin=0.05):
    l_safe = torch.relu(margin - B(x_safe)).mean()
    l_unsafe = torch.relu(margin + B(x_unsafe)).mean()
    x_dom = x_dom.requires_grad_(True)
    b = B(x_dom)
    db_dx = torch.autograd.grad(b.sum(), x_dom, create_graph=True)[0]
    lie = (db_dx * dynamics(x_dom, u_dom)).sum(-1, keepdim=True)
    l_lie = torch.relu(margin - lie - alpha * b).mean()
    return l_safe + l_unsafe + l_lie


B = Barrier()
opt = torch.optim.Adam(B.parameters(), lr=1e-3)
for it in range(3):
    x_safe = torch.randn(32, 4) * 0.5
    x_unsafe = torch.randn(32, 4) * 0.5 + 3.0
    x_dom = torch.randn(64, 4)
    u_dom = torch.randn(64, 2) * 0.1
    loss = barrier_losses(B, x_safe, x_unsafe, x_dom, u_dom)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, loss.item())
