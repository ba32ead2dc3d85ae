"""2-D Poisson PINN using torch.func: Laplacian by nested jacrev, vmapped over collocation points."""
import torch
import torch.nn as nn
from torch.func import functional_call, jacrev, vmap


def make_mlp(width=64, depth=4):
    layers = [nn.Linear(2, width), nn.GELU(approximate="tanh")]
    for _ in range(depth - 1):
        layers += [nn.Linear(width, width), nn.GELU(approximate="tanh")]
    layers.append(nn.Linear(width, 1))
    return nn.Sequential(*layers)


model = make_mlp()
params = {k: v.detach() for k, v in model.named_parameters()}


def u_fn(p, xy):
    return functional_call(model, p, (xy.unsqueeze(0),)).squeeze()


def laplacian(p, xy):
    hess = jacrev(jacrev(u_fn, argnums=1), argnums=1)(p, xy)
    return hess[0, 0] + hess[1, 1]


def source(xy):
    return -2 * torch.pi ** 2 * torch.sin(torch.pi * xy[:, 0]) * torch.sin(torch.pi * xy[:, 1])


def loss_fn(p, interior, boundary):
    lap = vmap(laplacian, in_dims=(None, 0))(p, interior)
    res = lap - source(interior)
    ub = vmap(u_fn, in_dims=(None, 0))(p, boundary)
    return (res ** 2).mean() + 100.0 * (ub ** 2).mean()


def fit(steps=2000, lr=1e-3):
    for p in params.values():
        p.requires_grad_(True)
    opt = torch.optim.Adam(params.values(), lr=lr)
    for _ in range(steps):
        interior = torch.rand(1024, 2)
        edge = torch.rand(256, 1)
        boundary = torch.cat([torch.cat([edge, torch.zeros_like(edge)], 1),
                              torch.cat([torch.ones_like(edge), edge], 1)], 0)
        opt.zero_grad()
        loss = loss_fn(params, interior, boundary)
        loss.backward()
        opt.step()
