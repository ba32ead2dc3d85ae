"""Jacobian-matching knowledge distillation (Srinivas & Fleuret 2018) for manatee call-type classification.

A large teacher trained on the full hydrophone archive is distilled into a small student that runs on the buoy.
Besides soft targets, the student matches the teacher's (normalised) input gradient of the true-class logit. The
class logit is selected by a one-hot `grad_outputs` vector. The teacher's Jacobian is computed inside an
enable_grad helper called from a no_grad block: it is a constant target, so only the student is differentiated twice.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("manatee_jm")

CALL_TYPES = ("chirp", "squeak", "squeal", "trill")


class TeacherNet(nn.Module):
    def __init__(self, n_mels=20, width=48, n_classes=len(CALL_TYPES)):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, width, 5, padding=2)
        self.act = nn.SELU()
        self.pool = nn.LPPool1d(2, kernel_size=2)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.act(self.conv2(h)).mean(-1)
        return self.fc(h)


class BuoyStudent(nn.Module):
    def __init__(self, n_mels=20, width=16, n_classes=len(CALL_TYPES)):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, width, 3, padding=1)
        self.shrink = nn.Hardshrink(0.05)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.gap = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(width, n_classes)

    def forward(self, x):
        h = self.shrink(self.conv1(x))
        h = self.gap(torch.tanh(self.conv2(h))).squeeze(-1)
        return self.fc(h)


@torch.enable_grad()
def teacher_jacobian(teacher, x, onehot):
    x = x.detach().requires_grad_(True)
    logits = teacher(x)
    jac, = torch.autograd.grad(logits, x, grad_outputs=onehot)
    return jac


def distillation_step(student, teacher, x, y, cfg):
    onehot = F.one_hot(y, len(CALL_TYPES)).float()
    with torch.no_grad():
        t_logits = teacher(x)
        t_jac = teacher_jacobian(teacher, x, onehot)
        t_dir = F.normalize(t_jac.flatten(1), dim=1)

    x = x.clone().requires_grad_(True)
    s_logits = student(x)
    s_jac, = torch.autograd.grad(s_logits, x, grad_outputs=onehot, create_graph=True)
    s_dir = F.normalize(s_jac.flatten(1), dim=1)

    ce = F.cross_entropy(s_logits, y)
    kd = F.kl_div(F.log_softmax(s_logits / cfg.temperature, dim=1),
                  F.softmax(t_logits / cfg.temperature, dim=1), reduction="batchmean") * cfg.temperature ** 2
    jm = (s_dir - t_dir).pow(2).sum(dim=1).mean()
    return ce + cfg.kd_weight * kd + cfg.jm_weight * jm, {"ce": ce.item(), "kd": kd.item(), "jm": jm.item()}


@torch.no_grad()
def hydrophone_batch(n, n_mels=20, frames=24):
    y = torch.randint(0, len(CALL_TYPES), (n,))
    t = torch.linspace(0, 1, frames)
    x = 0.2 * torch.randn(n, n_mels, frames)
    for i in range(n):
        k = int(y[i])
        track = (6 + 3 * k + (k - 1.5) * 4 * t).round().long().clamp(0, n_mels - 1)
        x[i, track, torch.arange(frames)] += 1.5
    return x, y


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--temperature", type=float, default=3.0)
    parser.add_argument("--kd-weight", type=float, default=0.5)
    parser.add_argument("--jm-weight", type=float, default=5.0)
    cfg = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(0)

    teacher = TeacherNet().eval()
    teacher.requires_grad_(False)
    student = BuoyStudent()
    opt = torch.optim.Adam(student.parameters(), lr=2e-3)
    for step in range(cfg.steps):
        x, y = hydrophone_batch(cfg.batch)
        loss, parts = distillation_step(student, teacher, x, y, cfg)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        assert student.conv1.weight.grad is not None
        opt.step()
        log.info("step %d %s", step, " ".join(f"{k} {v:.4f}" for k, v in parts.items()))


if __name__ == "__main__":
    main()
