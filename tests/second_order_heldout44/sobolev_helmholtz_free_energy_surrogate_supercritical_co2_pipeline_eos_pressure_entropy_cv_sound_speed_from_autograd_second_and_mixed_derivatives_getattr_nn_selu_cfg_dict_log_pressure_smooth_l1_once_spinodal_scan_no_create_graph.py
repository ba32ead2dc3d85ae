"""Neural reduced Helmholtz energy for CO2 in dense-phase pipeline transport, trained Sobolev-style.

    alpha(delta, tau) = alpha0(delta, tau) + delta * N(delta, tau),   delta = rho / rho_c,  tau = T_c / T

Only derived properties are "measured": the compressibility factor Z = 1 + delta * alpha_delta, the entropy,
the isochoric heat capacity cv / R = -tau^2 alpha_tautau and the squared speed of sound, which needs
alpha_deltadelta and the mixed alpha_deltatau.  A stability term keeps dp/drho > 0 above the critical
temperature.  The labels come from a Peng-Robinson reference written as a Helmholtz energy.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "net": {"act": "SELU", "hidden": [48, 48, 48]},
    "ideal": {"a1": 8.37304456, "a2": -3.70454304, "a3": 2.5},
    "pr": {"omega": 0.225, "zc_pr": 0.3074},
    "train": {"steps": 4, "lr": 1e-3, "n": 192, "w_z": 1.0, "w_s": 0.5, "w_cv": 0.5, "w_w": 0.2, "w_stab": 1.0},
    "range": {"delta": (0.05, 2.2), "tau": (0.65, 1.05)},
}


class ResidualHelmholtz(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        dims = [2] + cfg["hidden"]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.act = getattr(nn, cfg["act"])()
        self.out = nn.Linear(dims[-1], 1)

    def forward(self, delta, tau):
        h = torch.stack([delta, tau], -1)
        for lin in self.layers:
            h = self.act(lin(h))
        return delta * self.out(h).squeeze(-1)


def alpha_ideal(delta, tau, c):
    return torch.log(delta) + c["a1"] + c["a2"] * tau + c["a3"] * torch.log(tau)


def alpha_peng_robinson(delta, tau, c):
    """Peng-Robinson residual Helmholtz energy in reduced variables (reference 'measurements')."""
    kappa = 0.37464 + 1.54226 * c["omega"] - 0.26992 * c["omega"] ** 2
    a_t = (1 + kappa * (1 - torch.rsqrt(tau))) ** 2
    b = 0.07780 / c["zc_pr"]
    a = 0.45724 / c["zc_pr"]
    s2 = math.sqrt(2.0)
    bd = b * delta
    return -torch.log(1 - bd) - a * a_t * tau / (2 * s2 * b) * torch.log((1 + (1 + s2) * bd) / (1 + (1 - s2) * bd))


def d(f, x, create_graph=True):
    return torch.autograd.grad(f.sum(), x, create_graph=create_graph)[0]


def properties(alpha_r_fn, delta, tau, cfg):
    """Z, s/R, cv/R, w^2 M/(R T) from the reduced Helmholtz energy (Span-Wagner relations)."""
    ar = alpha_r_fn(delta, tau)
    a0 = alpha_ideal(delta, tau, cfg["ideal"])
    ar_d, ar_t = d(ar, delta), d(ar, tau)
    a0_t = d(a0, tau)
    ar_dd, ar_dt, ar_tt = d(ar_d, delta), d(ar_d, tau), d(ar_t, tau)
    a0_tt = d(a0_t, tau)
    Z = 1 + delta * ar_d
    s = tau * (a0_t + ar_t) - a0 - ar
    cv = -tau ** 2 * (a0_tt + ar_tt)
    w2 = 1 + 2 * delta * ar_d + delta ** 2 * ar_dd - (1 + delta * ar_d - delta * tau * ar_dt) ** 2 / (tau ** 2 * (a0_tt + ar_tt))
    dpdrho = 1 + 2 * delta * ar_d + delta ** 2 * ar_dd
    return Z, s, cv, w2, dpdrho


def sample(cfg, n):
    (d0, d1), (t0, t1) = cfg["range"]["delta"], cfg["range"]["tau"]
    delta = d0 + (d1 - d0) * torch.rand(n)
    tau = t0 + (t1 - t0) * torch.rand(n)
    return delta.requires_grad_(True), tau.requires_grad_(True)


def reference(cfg, n):
    delta, tau = sample(cfg, n)
    props = properties(lambda dd, tt: alpha_peng_robinson(dd, tt, cfg["pr"]), delta, tau, cfg)
    return delta.detach(), tau.detach(), [p.detach() for p in props]


def spinodal_fraction(net, cfg, n=400, h=1e-3):
    """Share of states with dp/drho < 0, from central differences of the reduced pressure delta * Z."""
    delta, tau = sample(cfg, n)
    tau = tau.detach()

    def p_red(dd):
        dd = dd.detach().requires_grad_(True)
        ar_d = d(net(dd, tau), dd, create_graph=False)
        return dd.detach() * (1 + dd.detach() * ar_d)

    dp = (p_red(delta + h) - p_red(delta - h)) / (2 * h)
    return (dp < 0).float().mean().item()


def main(cfg=CFG):
    torch.manual_seed(4)
    net = ResidualHelmholtz(cfg["net"])
    opt = torch.optim.Adam(net.parameters(), lr=cfg["train"]["lr"])
    tc = cfg["train"]
    for step in range(tc["steps"]):
        delta, tau, (Z_ref, s_ref, cv_ref, w2_ref, _) = reference(cfg, tc["n"])
        delta.requires_grad_(True)
        tau.requires_grad_(True)
        Z, s, cv, w2, dpdrho = properties(net, delta, tau, cfg)
        loss_z = F.smooth_l1_loss(torch.log(Z.clamp(min=1e-3)), torch.log(Z_ref.clamp(min=1e-3)), beta=0.05)
        loss_s = (s - s_ref).pow(2).mean()
        loss_cv = ((cv - cv_ref) / cv_ref.abs().clamp(min=1.0)).pow(2).mean()
        loss_w = ((w2 - w2_ref) / w2_ref.abs().clamp(min=1.0)).pow(2).mean()
        stab = F.relu(-dpdrho[tau < 1.0]).pow(2).mean() if (tau < 1.0).any() else dpdrho.sum() * 0
        loss = tc["w_z"] * loss_z + tc["w_s"] * loss_s + tc["w_cv"] * loss_cv + tc["w_w"] * loss_w + tc["w_stab"] * stab
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4e} Z {loss_z.item():.3e} s {loss_s.item():.3e} cv {loss_cv.item():.3e} w {loss_w.item():.3e}")
    print(f"fraction of samples with dp/drho < 0: {spinodal_fraction(net, cfg):.3f}")


if __name__ == "__main__":
    main()
