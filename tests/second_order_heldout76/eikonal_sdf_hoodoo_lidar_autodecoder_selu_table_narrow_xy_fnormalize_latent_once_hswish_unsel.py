"""Auto-decoded neural SDFs of sandstone hoodoo LiDAR scans (IGR / DeepSDF hybrid).

Each hoodoo gets a learnable latent code; the decoder is trained with a surface term, an
eikonal term |grad_x f| = 1 on off-surface samples, and a normal-alignment term.
"""
import argparse
import logging
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("hoodoo_sdf")

# decoder activation of the published run (IGR's softplus made the hoodoo caps too smooth)
DECODER_ACT = "selu"

ACTIVATIONS = {
    "softplus": lambda: nn.Softplus(beta=100),
    "selu": nn.SELU,
    "hardswish": nn.Hardswish,
}


def gradient(y, x, create_graph=True):
    return torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=create_graph)[0]


class HoodooDecoder(nn.Module):
    def __init__(self, latent_dim=16, hidden=64, depth=4, act="selu"):
        super().__init__()
        in_dim = latent_dim + 3 + 2
        self.layers = nn.ModuleList()
        self.acts = nn.ModuleList()
        for i in range(depth):
            self.layers.append(nn.Linear(in_dim if i == 0 else hidden, hidden))
            self.acts.append(ACTIVATIONS[act]())
        self.out = nn.Linear(hidden, 1)

    def forward(self, z, x):
        # anisotropic "plan view" feature: hoodoos are eroded mostly laterally
        xy = torch.narrow(x, -1, 0, 2)
        h = torch.cat([z, x, xy * 0.5], dim=-1)
        for lin, act in zip(self.layers, self.acts):
            h = act(lin(h))
        return self.out(h)


def synthetic_hoodoo_scans(n_shapes, n_pts, gen):
    """Points on capped ellipsoids with noisy normals (stand-in for the LiDAR tiles)."""
    shapes = []
    for _ in range(n_shapes):
        radii = 0.3 + 0.4 * torch.rand(3, generator=gen)
        u = torch.randn(n_pts, 3, generator=gen)
        u = u / u.norm(dim=-1, keepdim=True)
        pts = u * radii
        nrm = pts / radii.pow(2)
        nrm = nrm / nrm.norm(dim=-1, keepdim=True)
        shapes.append((pts, nrm))
    return shapes


def train(args):
    gen = torch.Generator().manual_seed(args.seed)
    scans = synthetic_hoodoo_scans(args.n_shapes, args.n_pts, gen)
    decoder = HoodooDecoder(args.latent_dim, args.hidden, args.depth, DECODER_ACT)
    codes = nn.Parameter(0.01 * torch.randn(args.n_shapes, args.latent_dim, generator=gen))
    opt = torch.optim.Adam([{"params": decoder.parameters(), "lr": args.lr},
                            {"params": [codes], "lr": 10 * args.lr}])
    weights = {"surface": 1.0, "eikonal": args.eikonal_weight, "normal": 0.1, "code": 1e-4}

    for step in range(args.steps):
        idx = step % args.n_shapes
        pts, nrm = scans[idx]
        # latent lives on a sphere of radius sqrt(d) (decoder sees the projected code)
        z = F.normalize(codes[idx], dim=-1) * math.sqrt(args.latent_dim)
        off = pts + 0.1 * torch.randn(pts.shape, generator=gen)
        space = (torch.rand(args.n_pts, 3, generator=gen) * 2 - 1)
        x = torch.cat([pts, off, space], 0).requires_grad_(True)
        zz = z.expand(x.shape[0], -1)

        sdf = decoder(zz, x)
        grad = gradient(sdf, x)
        n = pts.shape[0]
        terms = {
            "surface": F.smooth_l1_loss(sdf[:n], torch.zeros_like(sdf[:n]), beta=0.01),
            "eikonal": ((grad[n:].norm(dim=-1) - 1.0) ** 2).mean(),
            "normal": (1 - (F.normalize(grad[:n], dim=-1) * nrm).sum(-1)).mean(),
            "code": codes[idx].pow(2).sum(),
        }
        loss = sum(weights[k] * v for k, v in terms.items())
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % args.log_every == 0:
            log.info("step %d " + " ".join(f"{k}=%.4f" for k in terms), step, *[v.item() for v in terms.values()])
    w_grad = decoder.layers[0].weight.grad
    assert w_grad is not None and w_grad.abs().sum() > 0
    return decoder, codes


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n-shapes", type=int, default=3)
    p.add_argument("--n-pts", type=int, default=128)
    p.add_argument("--latent-dim", type=int, default=16)
    p.add_argument("--hidden", type=int, default=64)
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--eikonal-weight", type=float, default=0.1)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--steps", type=int, default=12)
    p.add_argument("--log-every", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    train(args)


if __name__ == "__main__":
    main()
