"""Sobolev distillation of a pseudo-2-D (P2D) lithium-ion cell voltage surrogate into a small student that is
exported to a battery-management microcontroller without automatic differentiation.

Inputs: state of charge, cell temperature, and the last 16 samples of the applied C-rate.  The teacher's
sensitivities dV/dSOC and dV/dT (used by the BMS state estimator) come from autograd once and are stored
as targets; the student's sensitivities are matched through central differences, exactly as the firmware
evaluates them, so training is plain first-order backpropagation.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

HIST = 16


class CurrentHistory(nn.Module):
    def __init__(self, pool=4):
        super().__init__()
        self.pool = nn.AvgPool1d(pool)
        self.proj = nn.Linear(HIST // pool, 8)

    def forward(self, c_hist):
        return self.proj(self.pool(c_hist.unsqueeze(1)).squeeze(1))


class Student(nn.Module):
    def __init__(self, width=24):
        super().__init__()
        self.hist = CurrentHistory()
        self.l1 = nn.Linear(2 + 8, width)
        self.act1 = nn.PReLU(width)
        self.l2 = nn.Linear(width, width)
        self.out = nn.Linear(width, 1)

    def forward(self, soc_t, c_hist):
        h = torch.cat([soc_t, self.hist(c_hist)], -1)
        h = self.act1(self.l1(h))
        h = F.elu(self.l2(h))
        return self.out(h).squeeze(-1)


class Teacher(nn.Module):
    """Stand-in for the large P2D surrogate (frozen)."""

    def __init__(self, width=128):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2 + HIST, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(), nn.Linear(width, 1))

    def forward(self, soc_t, c_hist):
        ocv = 3.4 + 0.7 * soc_t[:, 0] - 0.1 * torch.exp(-20 * soc_t[:, 0])
        return ocv + 0.05 * self.net(torch.cat([soc_t, c_hist], -1)).squeeze(-1)


def teacher_targets(teacher, soc_t, c_hist):
    x = soc_t.clone().requires_grad_(True)
    v = teacher(x, c_hist)
    dv = torch.autograd.grad(v.sum(), x)[0]
    return v.detach(), dv.detach()


def central_differences(model, soc_t, c_hist, h):
    cols = []
    for i in range(soc_t.shape[1]):
        e = torch.zeros_like(soc_t)
        e[:, i] = h[i]
        cols.append((model(soc_t + e, c_hist) - model(soc_t - e, c_hist)) / (2 * h[i]))
    return torch.stack(cols, -1)


def sample(n):
    soc = torch.rand(n, 1) * 0.9 + 0.05
    temp = (torch.rand(n, 1) * 45.0 - 10.0) / 50.0          # scaled cell temperature
    c_hist = torch.cumsum(0.2 * torch.randn(n, HIST), -1).clamp(-3, 3)
    return torch.cat([soc, temp], -1), c_hist


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=256)
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--w-sens", type=float, default=0.3)
    ap.add_argument("--h-soc", type=float, default=1e-2)
    ap.add_argument("--h-temp", type=float, default=2e-2)
    args = ap.parse_args()
    torch.manual_seed(8)
    teacher = Teacher().requires_grad_(False)
    student = Student()
    opt = torch.optim.Adam(student.parameters(), lr=3e-3)
    h = (args.h_soc, args.h_temp)
    for step in range(args.steps):
        soc_t, c_hist = sample(args.n)
        v_t, dv_t = teacher_targets(teacher, soc_t, c_hist)
        v_s = student(soc_t, c_hist)
        dv_s = central_differences(student, soc_t, c_hist, h)
        loss_v = F.mse_loss(v_s, v_t)
        loss_d = F.mse_loss(dv_s, dv_t)
        loss = loss_v + args.w_sens * loss_d
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step}: loss {loss.item():.4e} voltage {loss_v.item():.3e} sensitivities {loss_d.item():.3e}")


if __name__ == "__main__":
    main()
