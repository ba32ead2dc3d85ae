"""Steady lid-driven cavity flow with a stream-function PINN (Re = 20).

u = psi_y, v = -psi_x, omega = -lap(psi); vorticity transport u omega_x + v omega_y = lap(omega) / Re.
The Laplacian comes from torch.func.hessian of a closure over the network, vmapped over points,
and the vorticity gradient from torch.func.grad of that Laplacian (third/fourth derivatives).
"""
import torch
import torch.nn as nn
from torch.func import grad, hessian, vmap

RE = 20.0


class StreamFunction(nn.Module):
    def __init__(self, hidden=20, depth=3):
        super().__init__()
        blocks = [nn.Linear(2, hidden), nn.GELU(approximate="tanh")]
        for _ in range(depth - 1):
            blocks += [nn.Linear(hidden, hidden), nn.Tanh()]
        blocks.append(nn.Linear(hidden, 1))
        self.body = nn.Sequential(*blocks)

    def forward(self, xy):
        return self.body(xy).squeeze(-1)


def make_fields(model):
    def psi(p):
        return model(p.unsqueeze(0))[0]

    def laplacian(p):
        h = hessian(psi)(p)
        return h[0, 0] + h[1, 1]

    def vorticity(p):
        return -laplacian(p)

    def velocity(p):
        g = grad(psi)(p)
        return torch.stack([g[1], -g[0]])

    return psi, vorticity, velocity


def residual(model, pts):
    _, vorticity, velocity = make_fields(model)
    vel = vmap(velocity)(pts)
    dw = vmap(grad(vorticity))(pts)
    lap_w = vmap(lambda p: torch.func.hessian(vorticity)(p).diagonal().sum())(pts)
    return (vel * dw).sum(-1) - lap_w / RE


def wall_loss(model, n=8):
    t = torch.rand(n, 1)
    lid = torch.cat([t, torch.ones_like(t)], 1)
    walls = torch.cat([torch.cat([t, torch.zeros_like(t)], 1),
                       torch.cat([torch.zeros_like(t), t], 1),
                       torch.cat([torch.ones_like(t), t], 1)], 0)
    _, _, velocity = make_fields(model)
    u_lid = vmap(velocity)(lid)
    u_wall = vmap(velocity)(walls)
    target = torch.tensor([1.0, 0.0]).expand_as(u_lid)
    return ((u_lid - target) ** 2).mean() + (u_wall ** 2).mean()


if __name__ == "__main__":
    torch.manual_seed(3)
    model = StreamFunction()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3)
    for it in range(4):
        pts = torch.rand(12, 2)
        loss = residual(model, pts).pow(2).mean() + wall_loss(model)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"iter {it} loss {loss.item():.4f}")
