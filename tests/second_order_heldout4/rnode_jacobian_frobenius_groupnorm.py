"""Regularised neural ODE (RNODE, Finlay et al. 2020) on images: fixed-step RK4 with kinetic-energy and
Jacobian-Frobenius penalties on the dynamics; the ODE function follows torchdiffeq's odenet_mnist."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def norm(dim):
    return nn.GroupNorm(min(32, dim), dim)


class ConcatConv2d(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self.conv = nn.Conv2d(dim_in + 1, dim_out, 3, padding=1)

    def forward(self, t, x):
        tt = torch.ones_like(x[:, :1]) * t
        return self.conv(torch.cat([tt, x], 1))


class ODEfunc(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm1 = norm(dim)
        self.conv1 = ConcatConv2d(dim, dim)
        self.norm2 = norm(dim)
        self.conv2 = ConcatConv2d(dim, dim)

    def forward(self, t, x):
        out = self.conv1(t, F.relu(self.norm1(x)))
        return self.conv2(t, F.relu(self.norm2(out)))


def dynamics_with_regs(func, t, z, e):
    dz = func(t, z)
    e_jac = torch.autograd.grad(dz, z, e, create_graph=True)[0]
    return dz, dz.pow(2).flatten(1).sum(1), e_jac.pow(2).flatten(1).sum(1)


def rk4_regularised(func, z, steps=4):
    h = 1.0 / steps
    kin = z.new_zeros(z.size(0))
    jac = z.new_zeros(z.size(0))
    for i in range(steps):
        t = i * h
        e = torch.randn_like(z)
        k1, ke, kj = dynamics_with_regs(func, t, z, e)
        kin, jac = kin + h * ke, jac + h * kj
        k2 = func(t + h / 2, z + h / 2 * k1)
        k3 = func(t + h / 2, z + h / 2 * k2)
        k4 = func(t + h, z + h * k3)
        z = z + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return z, kin.mean(), jac.mean()


class ODEClassifier(nn.Module):
    def __init__(self, dim=32, n_cls=10):
        super().__init__()
        self.stem = nn.Conv2d(1, dim, 3, stride=2, padding=1)
        self.func = ODEfunc(dim)
        self.head = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(dim, n_cls))

    def forward(self, x):
        z = self.stem(x)
        if not z.requires_grad:
            z = z.requires_grad_(True)
        z, kin, jac = rk4_regularised(self.func, z)
        return self.head(z), kin, jac


def train(loader, epochs=5, lam_k=0.01, lam_j=0.01):
    model = ODEClassifier()
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            logits, kin, jac = model(x)
            loss = F.cross_entropy(logits, y) + lam_k * kin + lam_j * jac
            opt.zero_grad()
            loss.backward()
            opt.step()
