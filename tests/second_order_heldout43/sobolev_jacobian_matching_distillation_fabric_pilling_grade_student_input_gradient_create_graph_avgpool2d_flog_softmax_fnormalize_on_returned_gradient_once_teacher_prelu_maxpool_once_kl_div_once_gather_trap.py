"""Sobolev / Jacobian-matching distillation for a fabric pilling grader (Srinivas & Fleuret, 2018).

A large teacher grades knitted-fabric photos after a Martindale abrasion test into pilling grades
1-5.  A small student for the inspection line is trained to match the teacher's soft predictions
AND the direction of the teacher's input gradient of its predicted-grade log-probability:

    L = KL(p_T || p_S) + lam * || n_S - n_T ||^2,   n = normalize( d log p(y_T | x) / dx ).

The student's input gradient is taken with create_graph=True so that its mismatch can be trained.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = {
    "teacher": {"width": 16},
    "student": {"width": 6, "pool": "avg", "n_grades": 5},
    "lam": 2.0,
    "lr": 0.02,
    "teacher_warmup": 2,
}


class TeacherNet(nn.Module):
    def __init__(self, width, n_grades=5):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, width, 3, padding=1), nn.PReLU(width), nn.MaxPool2d(2),
            nn.Conv2d(width, width, 3, padding=1), nn.PReLU(width), nn.MaxPool2d(2),
        )
        self.fc = nn.Linear(width, n_grades)

    def forward(self, x):
        return F.log_softmax(self.fc(self.features(x).mean(dim=(2, 3))), dim=1)


class StudentNet(nn.Module):
    def __init__(self, width, pool, n_grades):
        super().__init__()
        self.conv1 = nn.Conv2d(1, width, 3, padding=1)
        self.pool = nn.AvgPool2d(2) if pool == "avg" else nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(width, width, 3, padding=1)
        self.fc = nn.Linear(width, n_grades)

    def forward(self, x):
        h = self.pool(F.silu(self.conv1(x)))
        h = torch.tanh(self.conv2(h)).mean(dim=(2, 3))
        return F.log_softmax(self.fc(h), dim=1)


def synth_fabric(n, g, size=16):
    grades = torch.randint(0, 5, (n,), generator=g)
    knit = torch.sin(torch.arange(size).float() * 1.3).view(1, 1, 1, size).expand(n, 1, size, size)
    pills = (torch.rand(n, 1, size, size, generator=g) < (0.03 + 0.04 * grades.view(n, 1, 1, 1))).float()
    return 0.5 * knit + pills + 0.05 * torch.randn(n, 1, size, size, generator=g), grades


def teacher_direction(teacher, x):
    """Unit input gradient of the teacher's predicted-grade log-probability (first order only)."""
    x_t = x.clone().requires_grad_(True)
    logp = teacher(x_t)
    y_t = logp.argmax(dim=1)
    (jt,) = torch.autograd.grad(logp.gather(1, y_t[:, None]).sum(), x_t)
    return F.normalize(jt.flatten(1), dim=1), logp.detach().exp(), y_t


def student_direction(student, x, y_t):
    x_s = x.clone().requires_grad_(True)
    logp = student(x_s)
    picked = (logp * F.one_hot(y_t, logp.shape[1]).float()).sum()
    (js,) = torch.autograd.grad(picked, x_s, create_graph=True)
    return F.normalize(js.flatten(1), dim=1), logp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--batch", type=int, default=16)
    args = ap.parse_args()

    torch.manual_seed(0)
    g = torch.Generator().manual_seed(5)
    x, grades = synth_fabric(64, g)
    teacher = TeacherNet(**CFG["teacher"])
    t_opt = torch.optim.Adam(teacher.parameters(), lr=1e-2)
    for _ in range(CFG["teacher_warmup"]):
        t_loss = F.nll_loss(teacher(x), grades)
        t_opt.zero_grad()
        t_loss.backward()
        t_opt.step()
    teacher.eval().requires_grad_(False)

    student = StudentNet(**CFG["student"])
    opt = torch.optim.Adam(student.parameters(), lr=CFG["lr"])
    for step in range(args.steps):
        idx = torch.randint(0, x.shape[0], (args.batch,), generator=g)
        xb = x[idx]
        n_t, p_t, y_t = teacher_direction(teacher, xb)
        n_s, logp_s = student_direction(student, xb, y_t)
        kd = F.kl_div(logp_s, p_t, reduction="batchmean")
        jac = ((n_s - n_t) ** 2).sum(dim=1).mean()
        loss = kd + CFG["lam"] * jac
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} kd {kd.item():.4f} jacobian-mismatch {jac.item():.4f}")


if __name__ == "__main__":
    main()
