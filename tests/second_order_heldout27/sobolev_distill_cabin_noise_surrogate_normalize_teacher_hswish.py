# Sobolev training (Czarnecki et al. 2017): distil a large cabin-noise surrogate (dB at seat rows from
# engine N1, Mach, altitude, flap setting, seat row, fuselage station) into a small student that matches
# both the teacher's outputs and its input gradients (sensitivities used by the acoustic engineers).
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_teacher(n_in=6):
    return nn.Sequential(
        nn.Linear(n_in, 64), nn.Hardswish(),
        nn.Linear(64, 64), nn.Hardswish(),
        nn.Linear(64, 1),
    )


class Student(nn.Module):
    def __init__(self, n_in=6, width=16):
        super().__init__()
        self.inp = nn.Linear(n_in, width)
        self.shrink = nn.Tanhshrink()
        self.clip = nn.Hardtanh(-3.0, 3.0)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = F.normalize(self.inp(x), dim=-1)
        h = self.clip(self.shrink(4.0 * h) + h)
        return self.out(h)


def teacher_labels(teacher, x):
    x = x.clone().requires_grad_(True)
    y = teacher(x)
    (dy_dx,) = torch.autograd.grad(y.sum(), x)
    return y.detach(), dy_dx.detach()


def sobolev_loss(student, x, y_t, dy_t, w_grad=0.5):
    x = x.clone().requires_grad_(True)
    y_s = student(x)
    (dy_s,) = torch.autograd.grad(y_s.sum(), x, create_graph=True)
    return F.mse_loss(y_s, y_t) + w_grad * F.mse_loss(dy_s, dy_t)


def flight_conditions(n):
    return torch.rand(n, 6) * 2 - 1


def main(epochs=3, batch=32):
    torch.manual_seed(8)
    teacher = make_teacher().eval()
    for p in teacher.parameters():
        p.requires_grad_(False)
    student = Student()
    opt = torch.optim.Adam(student.parameters(), lr=2e-3)
    for epoch in range(epochs):
        x = flight_conditions(batch)
        y_t, dy_t = teacher_labels(teacher, x)
        loss = sobolev_loss(student, x, y_t, dy_t)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch}: sobolev {loss.item():.5f}")


if __name__ == "__main__":
    main()
