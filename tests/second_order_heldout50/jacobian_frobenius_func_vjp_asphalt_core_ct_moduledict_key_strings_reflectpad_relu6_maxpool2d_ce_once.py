"""Jacobian regularisation (Hoffman et al. 2019) for an asphalt-core air-void grader.

Input: single-channel CT slices of drilled asphalt cores (24x24 crops, normalised HU).
Target: air-void grade (4 classes, from the lab's bulk specific gravity test).
The network is an nn.ModuleDict whose keys are the block config strings themselves
("reflect1_conv3x12_relu6" etc.); a tiny parser turns each key into layers.
The Frobenius norm of d logits / d x is estimated with random unit projections
through torch.func.vjp and added to the cross-entropy.
"""
import argparse
from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import vjp


@dataclass
class Config:
    blocks: list = field(default_factory=lambda: [
        "reflect1_conv3x12_relu6",
        "maxpool2",
        "reflect1_conv3x24_relu6",
        "conv1x24_silu",
    ])
    variants: dict = field(default_factory=lambda: {
        "gn_stem": "reflect1_conv3x12_gn4_silu",
    })
    n_classes: int = 4
    n_proj: int = 1
    jac_weight: float = 0.01
    lr: float = 1e-3
    steps: int = 6
    batch: int = 8


def make_block(key, in_ch):
    mods, ch = [], in_ch
    for tok in key.split("_"):
        if tok.startswith("reflect"):
            mods.append(nn.ReflectionPad2d(int(tok[len("reflect"):])))
        elif tok.startswith("conv"):
            k, out = (int(v) for v in tok[len("conv"):].split("x"))
            mods.append(nn.Conv2d(ch, out, k))
            ch = out
        elif tok.startswith("gn"):
            mods.append(nn.GroupNorm(int(tok[2:]), ch))
        elif tok.startswith("maxpool"):
            mods.append(nn.MaxPool2d(int(tok[len("maxpool"):])))
        elif tok == "relu6":
            mods.append(nn.ReLU6())
        elif tok == "silu":
            mods.append(nn.SiLU())
        else:
            raise KeyError(tok)
    return nn.Sequential(*mods), ch


class AirVoidGrader(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.order = list(cfg.blocks)
        self.blocks = nn.ModuleDict()
        ch = 1
        for key in self.order:
            self.blocks[key], ch = make_block(key, ch)
        self.head = nn.Linear(ch, cfg.n_classes)

    def forward(self, x):
        for key in self.order:
            x = self.blocks[key](x)
        return self.head(x.mean(dim=(2, 3)))


def jacobian_frobenius(model, x, n_proj):
    """Returns logits and an unbiased estimate of ||J||_F^2 / B, J = d logits / d x."""
    logits, pullback = vjp(model, x)
    n_out = logits.shape[1]
    est = logits.new_zeros(())
    for _ in range(n_proj):
        v = F.normalize(torch.randn_like(logits), dim=1)
        (jv,) = pullback(v)
        est = est + n_out * jv.pow(2).sum() / (n_proj * x.shape[0])
    return logits, est


def random_rescale(x):
    with torch.no_grad():
        s = float(torch.empty(1).uniform_(0.9, 1.1))
        size = max(8, int(round(x.shape[-1] * s)))
        x = F.interpolate(x, size=(size, size), mode="bilinear", align_corners=False)
        return F.interpolate(x, size=(24, 24), mode="bilinear", align_corners=False)


def fake_ct_batch(n, n_classes, gen):
    y = torch.randint(0, n_classes, (n,), generator=gen)
    void_frac = 0.03 + 0.03 * y.float()
    mask = (torch.rand(n, 1, 24, 24, generator=gen) < void_frac[:, None, None, None]).float()
    x = 1.0 - 1.5 * mask + 0.2 * torch.randn(n, 1, 24, 24, generator=gen)
    return x, y


def train(cfg):
    gen = torch.Generator().manual_seed(3)
    model = AirVoidGrader(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, y = fake_ct_batch(cfg.batch, cfg.n_classes, gen)
        x = random_rescale(x)
        logits, jac = jacobian_frobenius(model, x, cfg.n_proj)
        ce = F.cross_entropy(logits, y, label_smoothing=0.05)
        loss = ce + cfg.jac_weight * jac
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} ce {ce.item():.3f} ||J||_F^2 {jac.item():.3e}")
    return model


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--n-proj", type=int, default=1)
    a = ap.parse_args()
    train(Config(steps=a.steps, n_proj=a.n_proj))
