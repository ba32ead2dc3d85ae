"""HyperPINN for 1-D transient heat conduction through skillet bases of different alloys.

A hypernetwork maps the thermal diffusivity kappa to all weights of a small target MLP u(x, t); the
target is evaluated functionally and trained on the residual u_t - kappa * u_xx = 0 plus the initial
and boundary conditions, for a batch of alloys at once.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

WIDTH, N_COLL, N_ALLOYS, STEPS = 16, 32, 3, 4
TARGET_SHAPES = [("w1", (WIDTH, 2)), ("b1", (WIDTH,)), ("w2", (WIDTH, WIDTH)), ("b2", (WIDTH,)),
                 ("w3", (1, WIDTH)), ("b3", (1,))]
N_TARGET = sum(math.prod(s) for _, s in TARGET_SHAPES)


class HyperNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(1, hidden), nn.ReLU6(), nn.Linear(hidden, hidden), nn.ReLU6())
        self.head = nn.Linear(hidden, N_TARGET)
        nn.init.normal_(self.head.weight, std=0.05)

    def forward(self, log_kappa):
        flat = self.head(self.body(log_kappa.view(1, 1)))[0]
        out, i = {}, 0
        for name, shape in TARGET_SHAPES:
            n = math.prod(shape)
            out[name] = flat[i:i + n].view(shape)
            i += n
        return out


def target_net(w, xt):
    h = F.linear(xt, w["w1"], w["b1"])
    h = F.gelu(h, approximate="tanh")
    h = F.layer_norm(h, (WIDTH,))
    h = F.gelu(F.linear(h, w["w2"], w["b2"]), approximate="tanh")
    return F.linear(h, w["w3"], w["b3"]).squeeze(-1)


def heat_residual(w, kappa, x, t):
    u = target_net(w, torch.stack([x, t], dim=-1))
    u_x, u_t = torch.autograd.grad(u.sum(), (x, t), create_graph=True)
    u_xx, = torch.autograd.grad(u_x.sum(), x, create_graph=True)
    return u_t - kappa * u_xx


def main():
    torch.manual_seed(4)
    hyper = HyperNet()
    opt = torch.optim.Adam(hyper.parameters(), lr=1e-3)
    kappas = torch.tensor([0.2, 0.5, 1.0])  # cast iron, carbon steel, clad aluminium (scaled)
    for step in range(STEPS):
        loss = 0.0
        for kappa in kappas:
            w = hyper(torch.log(kappa))
            x = torch.rand(N_COLL, requires_grad=True)
            t = torch.rand(N_COLL, requires_grad=True)
            res = heat_residual(w, kappa, x, t)
            x0 = torch.rand(N_COLL)
            u0 = target_net(w, torch.stack([x0, torch.zeros_like(x0)], dim=-1))
            tb = torch.rand(N_COLL)
            u_hot = target_net(w, torch.stack([torch.zeros_like(tb), tb], dim=-1))
            u_cold = target_net(w, torch.stack([torch.ones_like(tb), tb], dim=-1))
            loss = loss + res.pow(2).mean() + (u0 - torch.sin(math.pi * x0)).pow(2).mean() \
                + (u_hot - 1.0).pow(2).mean() + u_cold.pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
