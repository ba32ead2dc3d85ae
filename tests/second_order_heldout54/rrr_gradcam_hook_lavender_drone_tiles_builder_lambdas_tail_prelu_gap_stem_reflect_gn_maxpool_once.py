"""Lavender-field drone tiles: crop-health classifier trained to be "right for the right reasons".

Classes: healthy lavender, bindweed infestation, bare soil, dieback. Agronomists drew bindweed masks on
some tiles; for those tiles a Grad-CAM map is computed from the gradient of the bindweed logit w.r.t. the
feature map tapped by a forward hook (create_graph=True), and attribution outside the mask is penalised.
The stem is initialised from a pretrained state_dict (strict=False) exported by the segmentation team.
"""
import argparse
import io

import torch
import torch.nn as nn
import torch.nn.functional as F

CLASSES = ["healthy", "bindweed", "bare_soil", "dieback"]

BUILDERS = {
    "reflect": lambda c, a: (nn.ReflectionPad2d(a), c),
    "conv": lambda c, a: (nn.Conv2d(c, a, 3, padding=1), a),
    "conv_valid": lambda c, a: (nn.Conv2d(c, a, 3), a),
    "gn": lambda c, a: (nn.GroupNorm(a, c), c),
    "silu": lambda c, a: (nn.SiLU(), c),
    "prelu": lambda c, a: (nn.PReLU(c), c),
    "maxpool": lambda c, a: (nn.MaxPool2d(a), c),
    "gap": lambda c, a: (nn.AdaptiveAvgPool2d(a), c),
}
STEM_SPEC = [("reflect", 1), ("conv_valid", 16), ("gn", 4), ("silu", None), ("maxpool", 2)]
TAIL_SPEC = [("conv", 24), ("prelu", None), ("gap", 1)]


def build(spec, channels):
    layers = []
    for name, arg in spec:
        layer, channels = BUILDERS[name](channels, arg)
        layers.append(layer)
    return nn.Sequential(*layers), channels


class LavenderNet(nn.Module):
    def __init__(self, n_classes=len(CLASSES)):
        super().__init__()
        self.stem, c = build(STEM_SPEC, 3)
        self.tail, c = build(TAIL_SPEC, c)
        self.fc = nn.Linear(c, n_classes)

    def forward(self, x):
        return self.fc(self.tail(self.stem(x)).flatten(1))


class CamTap:
    """Forward hook on a sub-module; keeps its (non-detached) output for Grad-CAM."""

    def __init__(self, module):
        self.act = None
        self._h = module.register_forward_hook(self._save)

    def _save(self, module, inp, out):
        self.act = out

    def close(self):
        self._h.remove()


def gradcam(score, act, create_graph):
    (g,) = torch.autograd.grad(score, act, create_graph=create_graph)
    alpha = g.mean(dim=(2, 3), keepdim=True)
    return F.relu((alpha * act).sum(1))


def rrr_step(model, tap, batch, opt, args):
    x, y, mask, has_mask = batch
    logits = model(x)
    task = F.cross_entropy(logits, y)
    penalty = torch.zeros(())
    if has_mask.any():
        onehot = F.one_hot(torch.full_like(y, CLASSES.index("bindweed")), len(CLASSES)).float()
        score = (logits * onehot)[has_mask].sum()
        cam = gradcam(score, tap.act, create_graph=True)[has_mask]
        outside = 1.0 - F.interpolate(mask[has_mask], size=cam.shape[-2:], mode="nearest").squeeze(1)
        penalty = (cam * outside).pow(2).mean()
    loss = task + args.rrr * penalty
    opt.zero_grad()
    loss.backward()
    opt.step()
    return task.item(), penalty.item()


def pretrained_stem_blob():
    """Stand-in for the segmentation team's exported stem weights (a state_dict saved with torch.save)."""
    donor, _ = build(STEM_SPEC, 3)
    buf = io.BytesIO()
    torch.save({"stem." + k: v for k, v in donor.state_dict().items()}, buf)
    buf.seek(0)
    return buf


def fake_tiles(n):
    x = torch.randn(n, 3, 24, 24)
    y = torch.randint(0, len(CLASSES), (n,))
    mask = (torch.rand(n, 1, 24, 24) > 0.7).float()
    has_mask = y == CLASSES.index("bindweed")
    has_mask[0] = True
    return x, y, mask, has_mask


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--rrr", type=float, default=10.0)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=8)
    args = ap.parse_args()

    torch.manual_seed(0)
    model = LavenderNet()
    state = torch.load(pretrained_stem_blob(), weights_only=True)
    missing, unexpected = model.load_state_dict(state, strict=False)
    print(f"loaded stem: {len(state)} tensors, {len(missing)} missing (tail/fc), {len(unexpected)} unexpected")
    tap = CamTap(model.stem)
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for step in range(args.steps):
        ce, pen = rrr_step(model, tap, fake_tiles(args.batch), opt, args)
        print(f"step {step} ce {ce:.4f} rrr {pen:.3e}")
    tap.close()
