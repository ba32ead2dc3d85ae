"""Lithium cell discharge curve fit with an optional physics term (first-order RC equivalent circuit:
dV/dt = -(V - OCV) / tau - I / C). In this data-only baseline the physics weight is 0 in the config,
so the residual is computed without a graph, for logging only.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "physics_weight": 0.0,
    "tau": 50.0,
    "capacity": 2.0,
    "current": 1.0,
    "ocv": 3.7,
    "epochs": 4,
}


class VoltageNet(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.fc1 = nn.Linear(1, hidden)
        self.shrink = nn.Hardshrink(0.05)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, t):
        h = F.gelu(self.fc1(t), approximate="tanh")
        h = self.shrink(self.fc2(h))
        return CFG["ocv"] + self.out(h)


def rc_residual(model, t, create_graph):
    t = t.clone().requires_grad_(True)
    v = model(t)
    (dv_dt,) = torch.autograd.grad(v.sum(), t, create_graph=create_graph)
    return dv_dt + (v - CFG["ocv"]) / CFG["tau"] + CFG["current"] / CFG["capacity"]


def measured_curve(n=40):
    t = torch.linspace(0, 1, n).unsqueeze(1)
    v = 4.1 - 0.6 * t - 0.2 * t ** 3 + 0.01 * torch.randn_like(t)
    return t, v


def main():
    torch.manual_seed(20)
    model = VoltageNet()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    t, v = measured_curve()
    use_physics = CFG["physics_weight"] > 0
    for epoch in range(CFG["epochs"]):
        loss = F.mse_loss(model(t), v)
        res = rc_residual(model, torch.rand(32, 1), create_graph=use_physics)
        if use_physics:
            loss = loss + CFG["physics_weight"] * res.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: data={loss.item():.5f} residual(logged)={res.detach().pow(2).mean().item():.4f}")


if __name__ == "__main__":
    main()
