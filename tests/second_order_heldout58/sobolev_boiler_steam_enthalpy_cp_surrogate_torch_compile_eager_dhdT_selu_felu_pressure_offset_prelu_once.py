"""Sobolev training of a superheated-steam enthalpy surrogate h(p, T) for a boiler drum model.

The table gives h and the isobaric heat capacity cp = dh/dT, so the loss matches both the value and the
T-derivative of the network (create_graph=True). The surrogate is torch.compile'd (backend from the
config; "eager" on the test rig) before training.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "hidden": 48,
    "offset_hidden": 8,
    "compile": True,
    "compile_backend": "eager",
    "epochs": 3,
    "batch": 64,
    "lr": 3e-3,
    "w_cp": 2.0,
}


class TemperatureCore(nn.Module):
    """Joint (p, T) part of the enthalpy."""

    def __init__(self, hidden):
        super().__init__()
        self.l1 = nn.Linear(2, hidden)
        self.act = nn.SELU()
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 1)

    def forward(self, pt):
        h = self.act(self.l1(pt))
        h = F.elu(self.l2(h))
        return self.l3(h)


class PressureOffset(nn.Module):
    """Saturation-line offset h_f(p): depends on pressure only."""

    def __init__(self, hidden):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(1, hidden), nn.PReLU(hidden), nn.Linear(hidden, 1))

    def forward(self, p):
        return self.net(p)


class EnthalpySurrogate(nn.Module):
    def __init__(self, hidden, offset_hidden):
        super().__init__()
        self.core = TemperatureCore(hidden)
        self.offset = PressureOffset(offset_hidden)

    def forward(self, p, T):
        return self.core(torch.cat([p, T], dim=1)) + self.offset(p)


def build_surrogate(cfg):
    model = EnthalpySurrogate(cfg["hidden"], cfg["offset_hidden"])
    if cfg["compile"] and hasattr(torch, "compile"):
        model = torch.compile(model, backend=cfg["compile_backend"])
    return model


def steam_table(n):
    """Toy superheated-steam table in scaled units: p in [0, 1], T in [0, 1]."""
    p = torch.rand(n, 1)
    T = torch.rand(n, 1)
    h_sat = 0.8 + 0.3 * p - 0.2 * p ** 2
    cp = 0.5 + 0.6 * p * torch.exp(-3.0 * T) + 0.1 * T
    h = h_sat + 0.5 * T + 0.2 * p * (1 - torch.exp(-3.0 * T)) + 0.05 * T ** 2
    return p, T, h, cp


def sobolev_loss(model, p, T, h_ref, cp_ref, w_cp):
    T = T.clone().requires_grad_(True)
    h = model(p, T)
    (dh_dT,) = torch.autograd.grad(h.sum(), T, create_graph=True)
    value = F.smooth_l1_loss(h, h_ref, beta=0.05)
    deriv = F.mse_loss(dh_dT, cp_ref)
    return value + w_cp * deriv, value.detach(), deriv.detach()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--epochs", type=int, default=CFG["epochs"])
    args = ap.parse_args()
    cfg = dict(CFG, compile=CFG["compile"] and not args.no_compile, epochs=args.epochs)
    torch.manual_seed(7)
    model = build_surrogate(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    p_all, T_all, h_all, cp_all = steam_table(256)
    for epoch in range(cfg["epochs"]):
        perm = torch.randperm(len(p_all))
        for i in range(0, len(perm), cfg["batch"]):
            idx = perm[i:i + cfg["batch"]]
            loss, value, deriv = sobolev_loss(model, p_all[idx], T_all[idx], h_all[idx], cp_all[idx], cfg["w_cp"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch} value {value.item():.4e} cp {deriv.item():.4e}")


if __name__ == "__main__":
    main()
