"""Suction-cup pick-point scoring for parcel bins.

A two-stream CNN scores 24x24 depth / surface-normal patches centred on a candidate pick point. Loss terms
register themselves into LOSS_TERMS with the @loss_term decorator; the config chooses their weights. The
"lipschitz" term bounds the score's sensitivity to depth noise (double backprop through the depth stream).
"""
import argparse
import json

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "patch": 24,
    "batch": 8,
    "steps": 3,
    "lr": 5e-4,
    "lip_bound": 0.002,
    "loss_weights": {"bce": 1.0, "seal": 0.5, "lipschitz": 0.1},   # terms not listed use their default weight
}

LOSS_TERMS = {}


def loss_term(name, default_weight=1.0):
    def deco(fn):
        LOSS_TERMS[name] = (fn, default_weight)
        return fn
    return deco


class PickScorer(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.depth_conv1 = nn.Conv2d(1, ch, 3, padding=1)
        self.depth_conv2 = nn.Conv2d(ch, ch, 3, padding=1)
        self.depth_act = nn.ReLU6()
        self.depth_pool = nn.MaxPool2d(2)
        self.normal_stream = nn.Sequential(
            nn.Conv2d(3, ch, 3, padding=1), nn.PReLU(ch), nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fuse = nn.Linear(2 * ch, ch)
        self.success_head = nn.Linear(ch, 1)
        self.seal_head = nn.Linear(ch, 1)

    def forward(self, depth, normal):
        h = self.depth_pool(self.depth_act(self.depth_conv1(depth)))
        h = self.depth_act(self.depth_conv2(h)).mean(dim=(2, 3))
        z = torch.tanh(self.fuse(torch.cat([h, self.normal_stream(normal)], dim=1)))
        return {"logit": self.success_head(z).squeeze(1), "seal": torch.sigmoid(self.seal_head(z)).squeeze(1)}


@loss_term("bce")
def success_bce(model, batch, out):
    return F.binary_cross_entropy_with_logits(out["logit"], batch["success"])


@loss_term("seal", default_weight=0.5)
def seal_quality(model, batch, out):
    return F.mse_loss(out["seal"], batch["seal"])


@loss_term("lipschitz")
def depth_lipschitz(model, batch, out):
    depth = batch["depth"].clone().requires_grad_(True)
    logit = model(depth, batch["normal"])["logit"]
    (g,) = torch.autograd.grad(logit.sum(), depth, create_graph=True)
    return F.relu(g.flatten(1).norm(dim=1) - CFG["lip_bound"]).pow(2).mean()


@loss_term("tv", default_weight=0.0)
def heatmap_total_variation(model, batch, out):
    """Smoothness of the dense score map over shifted crops (used for the dense-map variant only)."""
    depth = batch["depth"].requires_grad_(True)
    logit = model(F.interpolate(depth, scale_factor=0.5, mode="bilinear", align_corners=True),
                  F.interpolate(batch["normal"], scale_factor=0.5, mode="bilinear", align_corners=True))["logit"]
    (g,) = torch.autograd.grad(logit.sum(), depth, create_graph=True)
    return (g[..., 1:, :] - g[..., :-1, :]).abs().mean()


def active_terms(weights):
    terms = {}
    for name, (fn, default) in LOSS_TERMS.items():
        w = weights.get(name, default)
        if w > 0:
            terms[name] = (fn, w)
    return terms


def synthetic_bin_patches(n, p):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, p), torch.linspace(-1, 1, p), indexing="ij")
    curv = torch.rand(n, 1, 1) * 0.6
    depth = (curv * (xx ** 2 + yy ** 2)).unsqueeze(1) + 0.02 * torch.randn(n, 1, p, p)
    normal = F.normalize(torch.stack(torch.gradient(depth[:, 0], dim=(1, 2)) + (torch.ones_like(depth[:, 0]),), 1), dim=1)
    seal = (1.0 - curv.view(n)).clamp(0, 1)
    success = (seal + 0.1 * torch.randn(n) > 0.6).float()
    return {"depth": depth, "normal": normal, "seal": seal, "success": success}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CFG["steps"])
    ap.add_argument("--weights", type=json.loads, default=None, help='e.g. {"lipschitz": 0.2}')
    args = ap.parse_args()
    weights = dict(CFG["loss_weights"], **(args.weights or {}))
    terms = active_terms(weights)
    print("loss terms:", {k: w for k, (_, w) in terms.items()})
    model = PickScorer()
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for step in range(args.steps):
        batch = synthetic_bin_patches(CFG["batch"], CFG["patch"])
        out = model(batch["depth"], batch["normal"])
        parts = {name: w * fn(model, batch, out) for name, (fn, w) in terms.items()}
        opt.zero_grad()
        sum(parts.values()).backward()
        opt.step()
        print(step, {k: f"{v.item():.3g}" for k, v in parts.items()})


if __name__ == "__main__":
    main()
