"""Residue-pair proximity maps for cyclic peptides (does residue i sit within 8 A of residue j?).

The model is assembled from mixins; every `reg_<name>` method a mixin contributes is picked up by
`collect_regularisers` and weighted from CONFIG["reg"] (a zero weight drops the term).
"""
import argparse
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "n_res": 10, "feat": 21, "physchem": 7, "emb": 16, "channels": 12, "max_sep": 6,
    "batch": 4, "steps": 3, "lr": 1e-3,
    "reg": {"input_grad": 0.1, "l2_sp": 1e-4, "symmetry": 0.05, "curvature": 0.0},
}


class L2SPMixin:
    """Pulls the weights towards a pretrained anchor (here: the initial weights)."""

    def snapshot_anchor(self):
        self._anchor = [p.detach().clone() for p in self.parameters()]

    def reg_l2_sp(self, batch, logits):
        return sum((p - a).pow(2).sum() for p, a in zip(self.parameters(), self._anchor))


class SymmetryMixin:
    def reg_symmetry(self, batch, logits):
        return (logits - logits.transpose(1, 2)).pow(2).mean()


class InputGradientMixin:
    """Double backprop: penalise the sensitivity of the task loss to the residue profiles."""

    def reg_input_grad(self, batch, logits):
        loss = self.task_loss(logits, batch["target"])
        (g,) = torch.autograd.grad(loss, batch["profile"], create_graph=True)
        return g.pow(2).sum(-1).mean()


class CurvatureMixin:
    def reg_curvature(self, batch, logits):
        prof = batch["profile"].detach()
        v = torch.randn_like(prof)
        fn = lambda x: F.softshrink(self(x, batch["physchem"], batch["sep"]), 0.1).sum()
        _, hv = torch.autograd.functional.hvp(fn, prof, v, create_graph=True)
        return hv.pow(2).mean()


class ProximityNet(InputGradientMixin, SymmetryMixin, L2SPMixin, CurvatureMixin, nn.Module):
    def __init__(self, cfg):
        nn.Module.__init__(self)
        self.profile_enc = nn.Sequential(nn.Linear(cfg["feat"], cfg["emb"]), nn.SiLU())
        self.physchem_enc = nn.Sequential(nn.Linear(cfg["physchem"], cfg["emb"]), nn.ReLU6())
        self.sep_embed = nn.Embedding(cfg["max_sep"] + 1, 4)
        self.conv1 = nn.Conv2d(2 * cfg["emb"] + 4, cfg["channels"], 3, padding=1)
        self.conv2 = nn.Conv2d(cfg["channels"], cfg["channels"], 3, padding=1)
        self.out = nn.Conv2d(cfg["channels"], 1, 1)
        self.register_buffer("pos_weight", torch.tensor(3.0))

    def forward(self, profile, physchem, sep):
        h = self.profile_enc(profile) + self.physchem_enc(physchem)        # (B, L, E)
        L = h.size(1)
        pair = torch.cat([h.unsqueeze(2).expand(-1, -1, L, -1), h.unsqueeze(1).expand(-1, L, -1, -1),
                          self.sep_embed(sep).expand(h.size(0), -1, -1, -1)], dim=-1).permute(0, 3, 1, 2)
        z = F.elu(self.conv1(pair))
        z = z + torch.tanh(self.conv2(z))
        return self.out(z).squeeze(1)

    def task_loss(self, logits, target):
        return F.binary_cross_entropy_with_logits(logits, target, pos_weight=self.pos_weight)


def collect_regularisers(model, weights):
    terms = {}
    for name in dir(type(model)):
        if name.startswith("reg_") and weights.get(name[4:], 0.0) > 0:
            terms[name[4:]] = (weights[name[4:]], getattr(model, name))
    return terms


def ring_separation(n_res, max_sep):
    idx = torch.arange(n_res)
    d = (idx[:, None] - idx[None, :]).abs()
    return torch.minimum(d, n_res - d).clamp(max=max_sep)          # cyclic sequence distance


def random_peptides(cfg):
    B, L = cfg["batch"], cfg["n_res"]
    profile = torch.softmax(torch.randn(B, L, cfg["feat"]), -1)
    physchem = torch.randn(B, L, cfg["physchem"])
    coords = torch.cumsum(torch.randn(B, L, 3), 1)
    target = (torch.cdist(coords, coords) < 2.5).float()
    return {"profile": profile.requires_grad_(True), "physchem": physchem, "target": target}


@torch.no_grad()
def top_l_precision(model, batch, sep):
    logits = model(batch["profile"], batch["physchem"], sep)
    smooth = F.avg_pool2d(logits.unsqueeze(1), 3, 1, 1).squeeze(1)
    k = logits.size(1)
    top = smooth.flatten(1).topk(k, dim=1).indices
    return batch["target"].flatten(1).gather(1, top).mean().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=CONFIG["steps"])
    args = ap.parse_args()
    cfg = copy.deepcopy(CONFIG)
    model = ProximityNet(cfg)
    model.snapshot_anchor()
    regs = collect_regularisers(model, cfg["reg"])
    print("active regularisers:", sorted(regs))
    sep = ring_separation(cfg["n_res"], cfg["max_sep"])
    opt = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    for step in range(args.steps):
        batch = random_peptides(cfg)
        batch["sep"] = sep
        logits = model(batch["profile"], batch["physchem"], sep)
        loss = model.task_loss(logits, batch["target"])
        parts = {k: w * fn(batch, logits) for k, (w, fn) in regs.items()}
        total = loss + sum(parts.values())
        opt.zero_grad()
        total.backward()
        opt.step()
        print(step, round(loss.item(), 4), {k: f"{v.item():.3g}" for k, v in parts.items()},
              "P@L", round(top_l_precision(model, batch, sep), 3))


if __name__ == "__main__":
    main()
