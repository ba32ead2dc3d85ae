"""Sobolev training (Czarnecki et al., 2017): the student matches the teacher's outputs and its input gradients."""
import torch
from torch import nn
import torch.nn.functional as F


def teacher_net(d_in=8):
    return nn.Sequential(nn.Linear(d_in, 256), nn.ELU(), nn.Linear(256, 256), nn.ELU(), nn.Linear(256, 1))


class Student(nn.Module):
    def __init__(self, d_in=8, width=64):
        super().__init__()
        self.inp = nn.Linear(d_in, width)
        self.norm = nn.LayerNorm(width)
        self.hidden = nn.Linear(width, width)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h = self.norm(self.inp(x))
        h = F.gelu(self.hidden(h), approximate="tanh")
        return self.out(h)


def teacher_targets(teacher, x):
    x = x.clone().requires_grad_(True)
    y = teacher(x)
    dy = torch.autograd.grad(y.sum(), x)[0]
    return y.detach(), dy.detach()


def sobolev_loss(student, x, y_t, dy_t, weight=1.0):
    x = x.clone().requires_grad_(True)
    y = student(x)
    dy = torch.autograd.grad(y, x, grad_outputs=torch.ones_like(y), create_graph=True)[0]
    return F.mse_loss(y, y_t) + weight * F.mse_loss(dy, dy_t)


def distill(teacher, loader, epochs=10):
    student = Student()
    opt = torch.optim.Adam(student.parameters(), lr=3e-4)
    teacher.eval()
    for _ in range(epochs):
        for (x,) in loader:
            y_t, dy_t = teacher_targets(teacher, x)
            loss = sobolev_loss(student, x, y_t, dy_t)
            opt.zero_grad()
            loss.backward()
            opt.step()
    return student
