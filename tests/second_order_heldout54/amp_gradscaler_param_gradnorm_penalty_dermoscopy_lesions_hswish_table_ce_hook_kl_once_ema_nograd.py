"""Dermoscopy lesion-patch classifier (nevus / melanoma / seborrhoeic keratosis / BCC) trained with the
PyTorch AMP gradient-penalty recipe: the parameter gradients are taken from the *scaled* loss with
create_graph=True, unscaled by hand, and their norm is added to the loss before the final scaled backward.

An auxiliary "hair-artefact" head taps the second conv stage through a forward hook and is distilled
from an EMA teacher (copy.deepcopy of the student) that only runs under no_grad.
"""
import argparse
import copy
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F

# (in_channels, out_channels, stride) for each conv stage, assembled by comprehension below
STAGES = [(3, 12, 2), (12, 24, 2), (24, 32, 1)]
LESION_CLASSES = ["nevus", "melanoma", "seb_keratosis", "bcc"]

ACTS = {
    "hswish": nn.Hardswish,
    "lrelu": functools.partial(nn.LeakyReLU, negative_slope=0.1),
    "relu6": nn.ReLU6,
}


def conv_bn_act(cin, cout, stride, act):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        ACTS[act](),
    )


class LesionNet(nn.Module):
    def __init__(self, act="hswish", n_classes=4, n_artefact=3):
        super().__init__()
        self.features = nn.Sequential(*[conv_bn_act(ci, co, s, act) for ci, co, s in STAGES])
        self.head = nn.Linear(STAGES[-1][1], n_classes)
        self.artefact_head = nn.Linear(STAGES[1][1], n_artefact)

    def forward(self, x):
        h = self.features(x)
        return self.head(h.mean(dim=(2, 3)))


class FeatureTap:
    """Keeps the output of one sub-module from the last forward (register_forward_hook)."""

    def __init__(self, module):
        self.value = None
        self.handle = module.register_forward_hook(self._hook)

    def _hook(self, module, inputs, output):
        self.value = output

    def remove(self):
        self.handle.remove()


@torch.no_grad()
def soften_hair(x, k=3):
    # cheap dermoscopy "hair removal": a box blur blended in on dark pixels
    blurred = F.avg_pool2d(x, k, stride=1, padding=k // 2)
    dark = (x.mean(1, keepdim=True) < -0.5).float()
    return dark * blurred + (1 - dark) * x


@torch.no_grad()
def ema_update(ema, model, decay):
    for pe, pm in zip(ema.parameters(), model.parameters()):
        pe.mul_(decay).add_(pm.detach(), alpha=1 - decay)
    for be, bm in zip(ema.buffers(), model.buffers()):
        be.copy_(bm)


def train_step(model, ema, taps, batch, opt, scaler, args):
    tap, ema_tap = taps
    x, y = batch
    x = soften_hair(x)
    params = [p for p in model.parameters() if p.requires_grad]
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
        logits = model(x)
        loss = F.cross_entropy(logits.float(), y, label_smoothing=0.05)
    tapped = tap.value

    # AMP recipe: grads of the scaled loss, then unscale before building the penalty
    scaled_grads = torch.autograd.grad(scaler.scale(loss), params, create_graph=True, allow_unused=True)
    inv_scale = 1.0 / scaler.get_scale()
    grads = [g * inv_scale for g in scaled_grads if g is not None]
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.amp):
        grad_norm = torch.stack([g.float().pow(2).sum() for g in grads]).sum().sqrt()
        total = loss + args.gp * grad_norm

    # auxiliary artefact distillation from the EMA teacher, first order only
    with torch.no_grad():
        ema(x)
        teacher_art = F.softmax(ema.artefact_head(ema_tap.value.mean(dim=(2, 3))) / args.tau, dim=1)
    student_art = model.artefact_head(tapped.float().mean(dim=(2, 3)))
    aux = F.kl_div(F.log_softmax(student_art / args.tau, dim=1), teacher_art, reduction="batchmean")
    total = total + args.aux_w * aux

    opt.zero_grad(set_to_none=True)
    scaler.scale(total).backward()
    scaler.unscale_(opt)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    scaler.step(opt)
    scaler.update()
    ema_update(ema, model, args.ema_decay)
    return loss.item(), grad_norm.item(), aux.item()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--act", default="hswish", choices=sorted(ACTS))
    ap.add_argument("--gp", type=float, default=0.1)
    ap.add_argument("--aux-w", type=float, default=0.2)
    ap.add_argument("--tau", type=float, default=2.0)
    ap.add_argument("--ema-decay", type=float, default=0.99)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--no-amp", dest="amp", action="store_false")
    args = ap.parse_args()

    torch.manual_seed(0)
    model = LesionNet(act=args.act, n_classes=len(LESION_CLASSES))
    ema = copy.deepcopy(model).eval()
    for p in ema.parameters():
        p.requires_grad_(False)
    tap = FeatureTap(model.features[1])
    ema_tap = FeatureTap(ema.features[1])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-4)
    scaler = torch.amp.GradScaler("cpu", enabled=args.amp)

    for step in range(args.steps):
        x = torch.randn(args.batch, 3, 32, 32)
        y = torch.randint(0, len(LESION_CLASSES), (args.batch,))
        l, gn, a = train_step(model, ema, (tap, ema_tap), (x, y), opt, scaler, args)
        print(f"step {step} ce {l:.4f} |grad| {gn:.4f} aux {a:.4f} scale {scaler.get_scale():.0f}")
    tap.remove()
    ema_tap.remove()
