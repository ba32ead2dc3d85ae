"""Deep BSDE solver (Han, Jentzen & E 2018) for the 20-d Allen-Cahn equation. The gradient sigma^T grad u
at each time step is a separate sub-network output (it is never obtained by differentiating u), so training
the terminal-condition loss is a plain first-order problem."""
import torch
import torch.nn as nn

DIM, T, N_STEPS, SIGMA = 20, 0.3, 20, 2 ** 0.5


def f(t, x, y, z):
    return y - y ** 3


def g(x):
    return 0.5 / (1 + 0.2 * (x ** 2).sum(1, keepdim=True))


class Subnet(nn.Module):
    def __init__(self, width=DIM + 10):
        super().__init__()
        self.net = nn.Sequential(
            nn.BatchNorm1d(DIM), nn.Linear(DIM, width, bias=False), nn.BatchNorm1d(width), nn.ReLU(),
            nn.Linear(width, width, bias=False), nn.BatchNorm1d(width), nn.ReLU(),
            nn.Linear(width, DIM), nn.BatchNorm1d(DIM),
        )

    def forward(self, x):
        return self.net(x) / DIM


class DeepBSDE(nn.Module):
    def __init__(self):
        super().__init__()
        self.y0 = nn.Parameter(torch.rand(1) * 0.5)
        self.z0 = nn.Parameter(torch.rand(1, DIM) * 0.2 - 0.1)
        self.subnets = nn.ModuleList(Subnet() for _ in range(N_STEPS - 1))

    def forward(self, dw, x):
        dt = T / N_STEPS
        y = self.y0.expand(dw.size(0), 1)
        z = self.z0.expand(dw.size(0), DIM)
        for k in range(N_STEPS - 1):
            y = y - dt * f(k * dt, x[:, :, k], y, z) + (z * dw[:, :, k]).sum(1, keepdim=True)
            z = self.subnets[k](x[:, :, k + 1])
        y = y - dt * f((N_STEPS - 1) * dt, x[:, :, -2], y, z) + (z * dw[:, :, -1]).sum(1, keepdim=True)
        return y


def sample_paths(n):
    dt = T / N_STEPS
    dw = torch.randn(n, DIM, N_STEPS) * dt ** 0.5
    x = torch.zeros(n, DIM, N_STEPS + 1)
    x[:, :, 1:] = torch.cumsum(SIGMA * dw, dim=2)
    return dw, x


def train(iters=4000, batch=64):
    model = DeepBSDE()
    opt = torch.optim.Adam(model.parameters(), lr=5e-4)
    for it in range(iters):
        dw, x = sample_paths(batch)
        y_T = model(dw, x)
        delta = y_T - g(x[:, :, -1])
        loss = torch.where(delta.abs() < 50, delta ** 2, 2 * 50 * delta.abs() - 50 ** 2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 500 == 0:
            print(it, loss.item(), model.y0.item())
    return model


if __name__ == "__main__":
    train(iters=2, batch=16)
