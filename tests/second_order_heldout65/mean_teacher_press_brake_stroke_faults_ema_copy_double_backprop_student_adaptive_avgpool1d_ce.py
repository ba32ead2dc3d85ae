"""Mean-Teacher semi-supervised fault classification for hydraulic press-brake strokes, with double backpropagation.

Each stroke is a 3-channel trace (ram position, cylinder pressure, accelerometer). Few strokes are labelled by the
maintenance crew; the rest feed the consistency loss against an EMA teacher. The labelled cross-entropy is made
robust with Drucker & LeCun's double backprop: the squared norm of d CE / d x is added to the loss.
"""
import argparse
import copy
import logging

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("press_brake_mt")
FAULTS = ("ok", "valve_lag", "seal_leak", "die_misalign")


class StrokeEncoder(nn.Module):
    def __init__(self, channels=3, width=16, n_classes=len(FAULTS)):
        super().__init__()
        self.conv1 = nn.Conv1d(channels, width, 5, padding=2)
        self.bn1 = nn.BatchNorm1d(width)
        self.conv2 = nn.Conv1d(width, width, 5, padding=2, stride=2)
        self.bn2 = nn.BatchNorm1d(width)
        self.act = nn.SiLU()
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.drop = nn.Dropout(0.1)
        self.head = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.act(self.bn1(self.conv1(x)))
        h = self.act(self.bn2(self.conv2(h)))
        h = self.pool(h).squeeze(-1)
        return self.head(self.drop(h))


def supervised_with_double_backprop(model, x, y, weight):
    x = x.requires_grad_(True)
    logits = model(x)
    ce = F.cross_entropy(logits, y)
    (g,) = torch.autograd.grad(ce, x, create_graph=True)
    return ce, weight * g.pow(2).sum(dim=(1, 2)).mean(), logits


@torch.no_grad()
def augment(x, gen):
    """Random time-stretch + edge padding, applied to data only."""
    n, c, t = x.shape
    scale = 0.9 + 0.2 * torch.rand(1, generator=gen).item()
    x = F.interpolate(x, size=int(t * scale), mode="linear", align_corners=False)
    x = F.pad(x, (4, 4), mode="replicate")
    start = torch.randint(0, x.shape[-1] - t + 1, (1,), generator=gen).item()
    return x[..., start:start + t] + 0.02 * torch.randn(n, c, t, generator=gen)


@torch.no_grad()
def ema_update(teacher, student, decay):
    for pt, ps in zip(teacher.parameters(), student.parameters()):
        pt.mul_(decay).add_(ps, alpha=1 - decay)
    for bt, bs in zip(teacher.buffers(), student.buffers()):
        bt.copy_(bs)


def synth_strokes(n, t, gen, labelled=True):
    y = torch.randint(0, len(FAULTS), (n,), generator=gen)
    tt = torch.linspace(0, 1, t)
    pos = torch.sin(torch.pi * tt).expand(n, t).clone()
    pres = (pos ** 2) * (1 + 0.3 * (y == 2).float()[:, None])
    acc = 0.1 * torch.randn(n, t, generator=gen) + 0.4 * (y == 3).float()[:, None] * torch.sin(40 * tt)
    pos = pos + 0.2 * (y == 1).float()[:, None] * tt
    x = torch.stack([pos, pres, acc], dim=1)
    return (x, y) if labelled else x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--length", type=int, default=64)
    ap.add_argument("--labelled-batch", type=int, default=8)
    ap.add_argument("--unlabelled-batch", type=int, default=16)
    ap.add_argument("--ema-decay", type=float, default=0.99)
    ap.add_argument("--consistency", type=float, default=2.0)
    ap.add_argument("--double-backprop", type=float, default=0.5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(11)
    gen = torch.Generator().manual_seed(11)

    student = StrokeEncoder()
    teacher = copy.deepcopy(student)
    for p in teacher.parameters():
        p.detach_()
    opt = torch.optim.SGD(student.parameters(), lr=0.05, momentum=0.9, nesterov=True)

    for step in range(args.steps):
        xl, yl = synth_strokes(args.labelled_batch, args.length, gen)
        xu = synth_strokes(args.unlabelled_batch, args.length, gen, labelled=False)
        xl = augment(xl, gen)
        xu_s, xu_t = augment(xu, gen), augment(xu, gen)

        ce, db, _ = supervised_with_double_backprop(student, xl, yl, args.double_backprop)
        with torch.no_grad():
            p_teacher = F.softmax(teacher(xu_t), dim=1)
        p_student = F.softmax(student(xu_s), dim=1)
        cons = F.mse_loss(p_student, p_teacher)
        loss = ce + db + args.consistency * cons
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        ema_update(teacher, student, args.ema_decay)
        log.info("step %d ce %.4f dbp %.3e cons %.4f", step, ce.item(), db.item(), cons.item())

    # check: the double-backprop term alone has a gradient w.r.t. the first conv
    xl, yl = synth_strokes(args.labelled_batch, args.length, gen)
    _, db, _ = supervised_with_double_backprop(student, xl, yl, args.double_backprop)
    (g,) = torch.autograd.grad(db, student.conv1.weight)
    assert g.abs().sum() > 0

    teacher.eval()
    with torch.no_grad():
        xv, yv = synth_strokes(32, args.length, gen)
        val_logits = teacher(xv)
        log.info("teacher val ce %.4f acc %.3f", F.cross_entropy(val_logits, yv).item(),
                 (val_logits.argmax(1) == yv).float().mean().item())


if __name__ == "__main__":
    main()
