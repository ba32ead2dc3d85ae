"""Hamiltonian neural network for a trampoline jumper bouncing on a stiffening bed.

Per unit mass, the jumper's height q above the relaxed bed and momentum p follow
    H(q, p) = p^2 / 2 + g q + [q < 0] (k q^2 / 2 + k3 q^4 / 4)      (bed contact smoothed by softplus)
The HNN learns a scalar H_theta(q, p) and is trained on the symplectic vector field (dH/dp, -dH/dq)
obtained from it with autograd, so every layer of H_theta is differentiated twice per step.
The configuration is a YAML-like nested dict (what `yaml.safe_load` of configs/trampoline.yaml returns).
"""
import argparse
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "system": {"g": 9.81, "k_bed": 40.0, "k3": 150.0, "contact_sharpness": 60.0},
    "model": {
        "features": ["q", "p", "q2", "p2"],
        "encoder": {"width": 48, "depth": 3, "activation": "Softshrink", "act_kwargs": {"lambd": 0.05}},
        "dissipation": {"enabled": False, "width": 16},
    },
    "train": {"steps": 4, "batch": 128, "lr": 1e-3, "q_range": [-0.6, 2.5], "p_range": [-7.0, 7.0]},
    "monitor": {"every": 2, "rollout_steps": 25, "dt": 0.01},
}


def deep_update(base, override):
    out = copy.deepcopy(base)
    for k, v in override.items():
        out[k] = deep_update(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def true_hamiltonian(x, sys_cfg):
    q, p = x[:, 0], x[:, 1]
    depth = F.softplus(-q * sys_cfg["contact_sharpness"]) / sys_cfg["contact_sharpness"]
    bed = 0.5 * sys_cfg["k_bed"] * depth ** 2 + 0.25 * sys_cfg["k3"] * depth ** 4
    return 0.5 * p ** 2 + sys_cfg["g"] * q + bed


def sample_batch(cfg):
    tr, sc = cfg["train"], cfg["system"]
    q = torch.empty(tr["batch"], 1).uniform_(*tr["q_range"])
    p = torch.empty(tr["batch"], 1).uniform_(*tr["p_range"])
    x = torch.cat([q, p], dim=1).requires_grad_(True)
    dH = torch.autograd.grad(true_hamiltonian(x, sc).sum(), x)[0]
    target = torch.stack([dH[:, 1], -dH[:, 0]], dim=1)
    return x.detach(), target


class HamiltonianMLP(nn.Module):
    def __init__(self, model_cfg):
        super().__init__()
        enc = model_cfg["encoder"]
        self.features = model_cfg["features"]
        layers, width_in = [], len(self.features)
        for _ in range(enc["depth"]):
            layers.append(nn.Linear(width_in, enc["width"]))
            layers.append(getattr(nn, enc["activation"])(**enc.get("act_kwargs", {})))
            width_in = enc["width"]
        self.encoder = nn.Sequential(*layers)
        self.energy_head = nn.Linear(width_in, 1, bias=False)
        dis = model_cfg["dissipation"]
        self.use_dissipation = dis["enabled"]
        self.dissipation = nn.Sequential(nn.Linear(2, dis["width"]), nn.PReLU(), nn.Linear(dis["width"], 1))

    def lift(self, x):
        q = torch.narrow(x, 1, 0, 1)
        p = torch.narrow(x, 1, 1, 1)
        table = {"q": q, "p": p, "q2": q * q, "p2": p * p}
        return torch.cat([table[name] for name in self.features], dim=1)

    def forward(self, x):
        h = self.encoder(self.lift(x))
        return self.energy_head(h).squeeze(-1)

    def vector_field(self, x, create_graph=True):
        if not x.requires_grad:
            x = x.requires_grad_(True)
        H = self(x)
        dH = torch.autograd.grad(H.sum(), x, create_graph=create_graph)[0]
        field = torch.stack([dH[:, 1], -dH[:, 0]], dim=1)
        if self.use_dissipation:
            field = field - torch.stack([torch.zeros_like(x[:, 0]), self.dissipation(x).squeeze(-1) * x[:, 1]], 1)
        return field


def symplectic_rollout(model, x0, steps, dt):
    xs = [x0]
    x = x0
    for _ in range(steps):
        with torch.enable_grad():
            f = model.vector_field(x.detach().clone(), create_graph=False)
        p_new = x[:, 1] + dt * f[:, 1]
        with torch.enable_grad():
            f2 = model.vector_field(torch.stack([x[:, 0], p_new], 1), create_graph=False)
        x = torch.stack([x[:, 0] + dt * f2[:, 0], p_new], 1).detach()
        xs.append(x)
    return torch.stack(xs)


@torch.no_grad()
def energy_monitor(model, x, sys_cfg):
    h_pred, h_true = model(x), true_hamiltonian(x, sys_cfg)
    return F.smooth_l1_loss(h_pred - h_pred.mean(), h_true - h_true.mean()).item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    cfg = deep_update(CONFIG, {"train": {"steps": args.steps}} if args.steps else {})

    model = HamiltonianMLP(cfg["model"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    for step in range(cfg["train"]["steps"]):
        x, target = sample_batch(cfg)
        field = model.vector_field(x, create_graph=True)
        loss = (field - target).pow(2).sum(dim=1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % cfg["monitor"]["every"] == 0:
            mon = cfg["monitor"]
            traj = symplectic_rollout(model, x[:8].detach(), mon["rollout_steps"], mon["dt"])
            drift = energy_monitor(model, traj.reshape(-1, 2), cfg["system"])
            print(f"step {step:3d}  field mse {loss.item():.4f}  energy drift {drift:.4f}  "
                  f"apex {traj[..., 0].max().item():.2f} m")


if __name__ == "__main__":
    main()
