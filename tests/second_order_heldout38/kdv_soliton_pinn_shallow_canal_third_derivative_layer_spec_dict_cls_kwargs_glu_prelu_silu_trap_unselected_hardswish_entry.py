"""PINN for the Korteweg-de Vries equation u_t + 6 u u_x + u_xxx = 0 (a soliton travelling along a shallow canal).

The network is assembled from a table {name: (cls, kwargs)} and a layer plan of names.
"""
import torch
import torch.nn as nn

LAYER_SPEC = {
    "lin_in": (nn.Linear, {"in_features": 2, "out_features": 32}),
    "glu": (nn.GLU, {"dim": -1}),
    "lin_mid": (nn.Linear, {"in_features": 16, "out_features": 16}),
    "silu": (nn.SiLU, {}),
    "prelu": (nn.PReLU, {"num_parameters": 1, "init": 0.1}),
    "hardswish": (nn.Hardswish, {}),
    "lin_out": (nn.Linear, {"in_features": 16, "out_features": 1}),
}
PLAN = ["lin_in", "glu", "lin_mid", "silu", "lin_mid", "prelu", "lin_out"]


def build_from_plan(plan, spec=LAYER_SPEC):
    layers = []
    for name in plan:
        cls, kwargs = spec[name]
        layers.append(cls(**kwargs))
    return nn.Sequential(*layers)


def soliton(x, t, c=1.0):
    return 0.5 * c / torch.cosh(0.5 * c ** 0.5 * (x - c * t)) ** 2


def d(y, x):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]


def kdv_residual(net, xt):
    xt = xt.requires_grad_(True)
    u = net(xt)
    du = d(u, xt)
    u_x, u_t = du[:, :1], du[:, 1:]
    u_xx = d(u_x, xt)[:, :1]
    u_xxx = d(u_xx, xt)[:, :1]
    return u_t + 6.0 * u * u_x + u_xxx


def main():
    torch.manual_seed(2)
    net = build_from_plan(PLAN)
    opt = torch.optim.Adam(net.parameters(), lr=2e-3)
    x0 = torch.linspace(-6, 6, 40).unsqueeze(1)
    ic = torch.cat([x0, torch.zeros_like(x0)], dim=1)
    for it in range(25):
        colloc = torch.rand(128, 2) * torch.tensor([12.0, 2.0]) - torch.tensor([6.0, 0.0])
        res = kdv_residual(net, colloc)
        loss_pde = (res ** 2).mean()
        loss_ic = ((net(ic) - soliton(x0, 0.0)) ** 2).mean()
        loss = loss_pde + 10.0 * loss_ic
        opt.zero_grad()
        loss.backward()
        opt.step()
        if it % 5 == 0:
            print(f"it {it:3d} pde {loss_pde.item():.3e} ic {loss_ic.item():.3e}")


if __name__ == "__main__":
    main()
