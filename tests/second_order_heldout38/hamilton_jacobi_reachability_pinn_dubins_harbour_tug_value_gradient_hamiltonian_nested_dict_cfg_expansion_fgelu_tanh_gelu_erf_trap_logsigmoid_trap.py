"""DeepReach-style Hamilton-Jacobi reachability for a harbour tug (Dubins car avoiding a moored hull).

The value V(t, x) is a network; the HJI residual uses dV/dt and the costate dV/dx (create_graph=True) inside the
optimal-control Hamiltonian, and the residual is minimised by backprop.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "net": {"in_dim": 4, "hidden": 32, "depth": 3, "out_dim": 1},
    "dynamics": {"speed": 0.6, "omega_max": 1.1},
    "train": {"steps": 12, "lr": 1e-3, "batch": 128, "t_max": 1.0},
    "obstacle": {"cx": 0.0, "cy": 0.0, "radius": 0.25},
}


class ValueNet(nn.Module):
    def __init__(self, in_dim, hidden, depth, out_dim):
        super().__init__()
        self.inp = nn.Linear(in_dim, hidden)
        self.hidden = nn.ModuleList([nn.Linear(hidden, hidden) for _ in range(depth)])
        self.smooth = nn.GELU()
        self.out = nn.Linear(hidden, out_dim)

    def forward(self, tx):
        h = self.smooth(self.inp(tx))
        for layer in self.hidden:
            h = F.gelu(layer(h), approximate="tanh") + h
        return self.out(h)


class DubinsTug:
    def __init__(self, speed, omega_max):
        self.speed, self.omega_max = speed, omega_max

    def hamiltonian(self, x, p):
        theta = x[:, 2]
        drift = self.speed * (p[:, 0] * torch.cos(theta) + p[:, 1] * torch.sin(theta))
        return drift + self.omega_max * p[:, 2].abs()


def boundary_value(x, cx, cy, radius):
    return torch.sqrt((x[:, 0] - cx) ** 2 + (x[:, 1] - cy) ** 2 + 1e-8) - radius


def hji_residual(model, tug, t, x):
    tx = torch.cat([t, x], dim=1).requires_grad_(True)
    v = model(tx)
    dv = torch.autograd.grad(v.sum(), tx, create_graph=True)[0]
    dv_dt, costate = dv[:, :1], dv[:, 1:]
    ham = tug.hamiltonian(x, costate)
    return dv_dt.squeeze(1) + torch.minimum(ham, torch.zeros_like(ham)), v


def main():
    torch.manual_seed(9)
    model = ValueNet(**CFG["net"])
    tug = DubinsTug(**CFG["dynamics"])
    tr = CFG["train"]
    opt = torch.optim.Adam(model.parameters(), lr=tr["lr"])
    for step in range(tr["steps"]):
        x = torch.rand(tr["batch"], 3) * torch.tensor([2.0, 2.0, 6.283]) - torch.tensor([1.0, 1.0, 3.1416])
        t = torch.rand(tr["batch"], 1) * tr["t_max"]
        res, _ = hji_residual(model, tug, t, x)
        t0 = torch.zeros_like(t)
        v0 = model(torch.cat([t0, x], dim=1)).squeeze(1)
        bc = boundary_value(x, **CFG["obstacle"])
        soft = F.logsigmoid(-10 * (v0 - bc)).mean()
        loss = res.pow(2).mean() + (v0 - bc).pow(2).mean() - 1e-3 * soft
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 4 == 0:
            print(f"step {step} hji {res.pow(2).mean().item():.4f} bc {(v0 - bc).pow(2).mean().item():.4f}")


if __name__ == "__main__":
    main()
