"""Implicit (signed-distance) model of the anterior corneal surface from OCT point samples, for contact-lens fitting.

The surface is a prolate conicoid z = r^2 / (R (1 + sqrt(1 - (1 + Q) r^2 / R^2))) with R = 7.8 mm, Q = -0.25,
scaled by 1/10. Losses: zero level set on samples, eikonal |grad f| = 1 on random points, alignment of grad f with the
measured normals, and a mean-curvature regulariser H = div(grad f / |grad f|) pulled toward the apical value 1/R,
which needs the Hessian of f and is backpropagated (third derivatives of the network).
"""
import argparse
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

ACT_FACTORY = {
    "softplus": lambda: nn.Softplus(beta=100),
    "selu": nn.SELU,
    "celu": lambda: nn.CELU(alpha=0.5),
}

DEFAULTS = dict(width=64, depth=4, act="selu", R=0.78, Q=-0.25, aperture=0.45,
                w_surf=3.0, w_eik=0.1, w_normal=1.0, w_curv=0.05, steps=3, n_surf=128, n_space=128, lr=1e-3)


class CorneaSDF(nn.Module):
    def __init__(self, width, depth, act):
        super().__init__()
        self.inp = nn.Linear(3, width)
        self.layers = nn.ModuleList(nn.Linear(width, width) for _ in range(depth))
        self.acts = nn.ModuleList(ACT_FACTORY[act]() for _ in range(depth))
        self.skip = nn.Linear(3, width)
        self.skip_slope = nn.Parameter(torch.full((1,), 0.25))
        self.out = nn.Linear(width, 1)
        self.skip_at = depth // 2

    @classmethod
    def from_config(cls, cfg):
        return cls(cfg["width"], cfg["depth"], cfg["act"])

    def forward(self, x):
        h = torch.tanh(self.inp(x))
        for i, (lin, act) in enumerate(zip(self.layers, self.acts)):
            if i == self.skip_at:
                h = h + F.prelu(self.skip(x), self.skip_slope)
            h = act(lin(h))
        return self.out(h).squeeze(-1)


def conic_height(r2, R, Q):
    return r2 / (R * (1 + torch.sqrt(1 - (1 + Q) * r2 / R ** 2)))


def sample_surface(n, cfg):
    r = cfg["aperture"] * torch.sqrt(torch.rand(n))
    th = 2 * math.pi * torch.rand(n)
    xy = torch.stack([r * torch.cos(th), r * torch.sin(th)], 1).requires_grad_(True)
    z = conic_height((xy ** 2).sum(1), cfg["R"], cfg["Q"])
    dz = torch.autograd.grad(z.sum(), xy)[0]
    normals = torch.cat([-dz, torch.ones(n, 1)], 1)
    normals = normals / normals.norm(dim=1, keepdim=True)
    pts = torch.cat([xy, z.unsqueeze(1)], 1).detach()
    return pts + 0.002 * torch.randn_like(pts), normals.detach()


def gradient(f, x):
    return torch.autograd.grad(f.sum(), x, create_graph=True)[0]


def mean_curvature(g, x):
    n = g / torch.sqrt((g * g).sum(-1, keepdim=True) + 1e-8)
    return sum(gradient(n[:, i], x)[:, i] for i in range(3))


def train_step(model, opt, cfg):
    pts, normals = sample_surface(cfg["n_surf"], cfg)
    pts.requires_grad_(True)
    space = (torch.rand(cfg["n_space"], 3) * 2 - 1) * torch.tensor([0.6, 0.6, 0.4])
    space.requires_grad_(True)

    f_surf = model(pts)
    g_surf = gradient(f_surf, pts)
    g_space = gradient(model(space), space)

    loss_surf = f_surf.abs().mean()
    loss_eik = ((g_space.norm(dim=-1) - 1.0) ** 2).mean()
    loss_normal = (1.0 - (F.normalize(g_surf, dim=-1) * normals).sum(-1)).mean()
    H = mean_curvature(g_surf, pts)
    loss_curv = ((H - 1.0 / cfg["R"]) ** 2).mean()
    loss = (cfg["w_surf"] * loss_surf + cfg["w_eik"] * loss_eik + cfg["w_normal"] * loss_normal
            + cfg["w_curv"] * loss_curv)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return {"surf": loss_surf.item(), "eik": loss_eik.item(), "normal": loss_normal.item(), "curv": loss_curv.item()}


@torch.no_grad()
def sagitta_error(model, cfg, n=64):
    r = torch.linspace(0, cfg["aperture"], n)
    pts = torch.stack([r, torch.zeros_like(r), conic_height(r ** 2, cfg["R"], cfg["Q"])], 1)
    return model(pts).abs().max().item()


def main():
    ap = argparse.ArgumentParser()
    for k, v in DEFAULTS.items():
        ap.add_argument(f"--{k.replace('_', '-')}", type=type(v), default=v)
    cfg = vars(ap.parse_args())
    torch.manual_seed(0)
    model = CorneaSDF.from_config(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for step in range(cfg["steps"]):
        logs = train_step(model, opt, cfg)
        print(f"step {step}  " + "  ".join(f"{k} {v:.4f}" for k, v in logs.items())
              + f"  max |f| on apex meridian {sagitta_error(model, cfg):.4f}")


if __name__ == "__main__":
    main()
