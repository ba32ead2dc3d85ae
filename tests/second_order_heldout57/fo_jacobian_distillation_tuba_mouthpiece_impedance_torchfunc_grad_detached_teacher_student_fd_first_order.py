"""Distil an intonation model for tuba mouthpieces into a small student, matching input sensitivities.

Input: 48-bin input-impedance magnitude curve of instrument + mouthpiece (log scale); output: predicted
cents deviation of the 4th partial. The teacher's input gradients (computed once per batch with torch.func
on detached parameters and inputs) are the Jacobian targets; the student's directional derivatives are
taken by central finite differences, so the student is trained with first-order gradients only.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

CFG = {"bins": 48, "teacher_width": 64, "student_width": 16, "h": 1e-2, "lam_jac": 0.5, "lr": 2e-3, "batch": 16}


class Teacher(nn.Module):
    def __init__(self, bins, width):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(bins, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(),
                                 nn.Linear(width, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


class Student(nn.Module):
    def __init__(self, bins, width):
        super().__init__()
        self.conv = nn.Conv1d(1, width, 5, padding=2)
        self.norm = nn.GroupNorm(4, width)
        self.fc = nn.Linear(width, 1)

    def forward(self, x):
        h = F.gelu(self.norm(self.conv(x.unsqueeze(1))), approximate="tanh")
        return self.fc(h.mean(-1)).squeeze(-1)


def teacher_targets(teacher, x):
    """Teacher outputs and input gradients; everything detached (the teacher is frozen)."""
    frozen = {k: p.detach() for k, p in teacher.named_parameters()}

    def f(xi):
        return functional_call(teacher, frozen, (xi.unsqueeze(0),)).squeeze(0)

    x = x.detach()
    return vmap(f)(x), vmap(grad(f))(x)


def directional_fd(model, x, v, h):
    return (model(x + h * v) - model(x - h * v)) / (2 * h)


def impedance_curves(n, bins, seed=0):
    g = torch.Generator().manual_seed(seed)
    f = torch.linspace(0, 1, bins)
    peaks = torch.stack([k * (0.07 + 0.01 * torch.rand(n, generator=g)) for k in range(1, 8)], dim=1)
    curve = sum(torch.exp(-((f - peaks[:, k:k + 1]) ** 2) / 2e-4) / (1 + 0.2 * k) for k in range(7))
    return torch.log1p(20 * curve) + 0.02 * torch.randn(n, bins, generator=g)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=2)
    args = ap.parse_args()
    torch.manual_seed(0)

    teacher = Teacher(CFG["bins"], CFG["teacher_width"]).eval()
    student = Student(CFG["bins"], CFG["student_width"])
    criterion = nn.SmoothL1Loss(beta=0.5)
    opt = torch.optim.Adam(student.parameters(), lr=CFG["lr"])
    data = impedance_curves(64, CFG["bins"])

    for epoch in range(args.epochs):
        for i in range(0, data.size(0), CFG["batch"]):
            x = data[i:i + CFG["batch"]]
            y_t, g_t = teacher_targets(teacher, x)
            v = F.normalize(torch.randn_like(x), dim=-1)
            jac_target = (g_t * v).sum(-1)
            loss_out = criterion(student(x), y_t)
            loss_jac = F.mse_loss(directional_fd(student, x, v, CFG["h"]), jac_target)
            opt.zero_grad()
            (loss_out + CFG["lam_jac"] * loss_jac).backward()
            opt.step()
        print(f"epoch {epoch}: out {loss_out.item():.4f} jac {loss_jac.item():.4f}")


if __name__ == "__main__":
    main()
